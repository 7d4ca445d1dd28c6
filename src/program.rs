//! The program under analysis: its class path and the analyses of its
//! methods, side by side (haybale's `Project`).
//!
//! The class path ([`crate::classpath`]) knows only class files; the
//! analyses ([`crate::analysis`]: CFGs, frames, distances, universes, the
//! writers of static fields) are computed from them, so they sit a layer
//! above, here, rather than inside the class path. A stage that needs only
//! class files takes a `&ClassPath` — a `&Program` gives one, as a
//! `Program` dereferences to its class path — and a stage that needs an
//! analysis takes the `&Program`.
//!
//! The analyses belong to one set of classes: [`Program::add`] appends an
//! entry to the class path and drops every analysis computed so far.

use std::ops::Deref;
use std::path::Path;

use crate::analysis::Analyses;
use crate::classpath::{ClassPath, ClassPathError};

/// A class path with the analyses of its methods.
pub struct Program {
    class_path: ClassPath,
    /// Computed once each, on first ask; cleared by [`Program::add`].
    analyses: Analyses,
}

impl Program {
    /// The program of the classes of `class_path`, with no analysis yet.
    pub fn new(class_path: ClassPath) -> Program {
        Program {
            class_path,
            analyses: Analyses::default(),
        }
    }

    /// Appends a directory, jar or `.class` file to the class path
    /// ([`ClassPath::add`]) and drops the analyses, which were of the
    /// classes before it.
    pub fn add(&mut self, path: &Path) -> Result<Vec<String>, ClassPathError> {
        let names = self.class_path.add(path)?;
        self.analyses = Analyses::default();
        Ok(names)
    }

    pub fn class_path(&self) -> &ClassPath {
        &self.class_path
    }

    /// The analyses of the program's methods (CFGs, frames, ...), each
    /// computed on first ask.
    pub fn analyses(&self) -> &Analyses {
        &self.analyses
    }
}

impl Deref for Program {
    type Target = ClassPath;

    fn deref(&self) -> &ClassPath {
        &self.class_path
    }
}
