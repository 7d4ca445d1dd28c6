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
//! entry to the class path and drops every analysis computed so far, and
//! with them what later stages remembered of the program
//! ([`Program::memo`]: the construct stage's searches for the arguments a
//! constructor accepts).

use std::any::Any;
use std::collections::HashMap;
use std::ops::Deref;
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::analysis::Analyses;
use crate::classpath::{ClassPath, ClassPathError};

/// A class path with the analyses of its methods.
pub struct Program {
    class_path: ClassPath,
    /// Computed once each, on first ask; cleared by [`Program::add`].
    analyses: Analyses,
    /// What later stages computed of the program, by their keys; cleared
    /// by [`Program::add`].
    memos: Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>,
}

impl Program {
    /// The program of the classes of `class_path`, with no analysis yet.
    pub fn new(class_path: ClassPath) -> Program {
        Program {
            class_path,
            analyses: Analyses::default(),
            memos: Mutex::default(),
        }
    }

    /// Appends a directory, jar or `.class` file to the class path
    /// ([`ClassPath::add`]) and drops the analyses, which were of the
    /// classes before it.
    pub fn add(&mut self, path: &Path) -> Result<Vec<String>, ClassPathError> {
        let names = self.class_path.add(path)?;
        self.analyses = Analyses::default();
        self.memos = Mutex::default();
        Ok(names)
    }

    /// What a stage computes of this program under `key` (a key of its
    /// own: `preconditions:a/Foo.<init>(I)V`): `make`'s value, computed on
    /// first ask (without the lock held) and kept until [`Program::add`].
    pub fn memo<T: Clone + Send + Sync + 'static>(&self, key: &str, make: impl FnOnce() -> T) -> T {
        let known = self.memos.lock().ok().and_then(|m| m.get(key).cloned());
        if let Some(v) = known.as_ref().and_then(|v| v.downcast_ref::<T>()) {
            return v.clone();
        }
        let v = make();
        if let Ok(mut m) = self.memos.lock() {
            m.insert(key.to_string(), Arc::new(v.clone()));
        }
        v
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
