//! The JDK's own classes, read from `$JAVA_HOME/jmods/*.jmod`.
//!
//! A jmod is a zip archive after a 4-byte header (`JM\x01\x00`), with class
//! files under `classes/`. The archives are opened on first use, and
//! `java.base` is searched first since almost every lookup ends there.
//! [`is_jdk_class`] tells the JDK's classes from the program's by name.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::{Archive, ClassPathError};

/// The package prefixes of the JDK's classes: the Java SE API (`java/`,
/// `javax/`), the JDK's own modules (`jdk/`) and its implementation
/// packages (`sun/`, and `com/sun/` as in `com/sun/crypto/provider`). One
/// list for every stage that treats the JDK apart (the search's weights,
/// the concolic interpreter, the seeds): a class the program ships under
/// those names is taken as the JDK's, as the JVM's boot loader would
/// refuse to define one in a `java/` package anyway.
const JDK_PREFIXES: [&str; 5] = ["java/", "javax/", "jdk/", "sun/", "com/sun/"];

/// Whether `class` (internal name, `java/lang/String`) is one of the JDK's
/// by its package ([`JDK_PREFIXES`]).
pub fn is_jdk_class(class: &str) -> bool {
    JDK_PREFIXES.iter().any(|p| class.starts_with(p))
}

pub struct Jdk {
    home: PathBuf,
    /// The jmod files, `java.base` first; each opened on first use.
    paths: OnceLock<Vec<PathBuf>>,
    /// A module that failed to open keeps its error, reported at every
    /// lookup that reaches it.
    modules: Vec<OnceLock<Result<Archive, Arc<ClassPathError>>>>,
}

impl Jdk {
    pub fn open(home: &Path) -> Result<Jdk, ClassPathError> {
        if !home.join("jmods/java.base.jmod").is_file() {
            return Err(ClassPathError::NoJmods(home.to_path_buf()));
        }
        let dir = home.join("jmods");
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|source| ClassPathError::Io {
                path: dir.clone(),
                source,
            })?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jmod"))
            .collect();
        // java.base first: it answers most lookups, and the other modules
        // are opened only when it does not.
        paths.sort_by_key(|p| (!p.ends_with("java.base.jmod"), p.clone()));
        let modules = paths.iter().map(|_| OnceLock::new()).collect();
        Ok(Jdk {
            home: home.to_path_buf(),
            paths: OnceLock::from(paths),
            modules,
        })
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    fn paths(&self) -> &[PathBuf] {
        self.paths.get().map_or(&[], Vec::as_slice)
    }

    /// The module at position `i`, opened on first use.
    fn module(&self, i: usize) -> Result<&Archive, &Arc<ClassPathError>> {
        self.modules[i]
            .get_or_init(|| Archive::open(&self.paths()[i], 4, "classes/").map_err(Arc::new))
            .as_ref()
    }

    /// The class names of one module, e.g. `java.base`.
    pub fn module_class_names(&self, module: &str) -> Vec<String> {
        let file = format!("{module}.jmod");
        (0..self.paths().len())
            .filter(|&i| {
                self.paths()[i]
                    .file_name()
                    .is_some_and(|n| n == file.as_str())
            })
            .filter_map(|i| self.module(i).ok())
            .flat_map(|a| a.class_names().map(str::to_string))
            .collect()
    }

    /// Every class name of every module.
    pub fn all_class_names(&self) -> Vec<String> {
        (0..self.paths().len())
            .filter_map(|i| self.module(i).ok())
            .flat_map(|a| a.class_names().map(str::to_string))
            .collect()
    }

    /// Whether a module has class `class` (a module that cannot be read
    /// has nothing).
    pub(super) fn has(&self, class: &str) -> bool {
        (0..self.paths().len()).any(|i| self.module(i).is_ok_and(|a| a.has(class)))
    }

    pub(super) fn read(&self, class: &str) -> Option<Result<(Vec<u8>, String), ClassPathError>> {
        for i in 0..self.paths().len() {
            let archive = match self.module(i) {
                Ok(a) => a,
                Err(e) => return Some(Err(ClassPathError::JdkModule(e.clone()))),
            };
            if let Some(found) = archive.read(class) {
                return Some(found.map(|bytes| (bytes, archive.describe(class))));
            }
        }
        None
    }
}
