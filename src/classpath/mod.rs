//! Where classes come from: the class path and the JDK's own classes.
//!
//! A [`ClassPath`] is an ordered list of entries — directories, jars and single
//! `.class` files — searched first to last as the JVM's application class
//! loader would, after the JDK's modules (`$JAVA_HOME/jmods/*.jmod`), which
//! are always available, as the boot loader's classes come first in the JVM's
//! parent-first delegation. Classes are loaded lazily, parsed once and cached
//! as `Arc<Class>`; a class that fails to parse is an error, reported each
//! time it is asked for, with the entry it came from.
//!
//! Hierarchy queries (superclass chains, field and method resolution and
//! selection, known subtypes) live in [`hierarchy`].
//!
//! A class path knows class files only: the analyses of their methods are
//! kept beside it, in a [`crate::program::Program`].

pub mod hierarchy;
mod jdk;
pub mod lambda;
pub mod missing;
pub mod mock;

use std::collections::{BTreeSet, HashMap};
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::classfile::{Class, ClassFileError};
use crate::java_home::NoJdk;

pub use jdk::{is_jdk_class, Jdk};

/// A class that could not be found or read.
#[derive(Debug, thiserror::Error)]
pub enum ClassPathError {
    #[error("{}: no such file or directory", .0.display())]
    NoSuchPath(PathBuf),
    #[error("{}: not a class file, jar, or directory", .0.display())]
    NotClassPathEntry(PathBuf),
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{}: not a readable zip archive: {source}", path.display())]
    BadArchive {
        path: PathBuf,
        #[source]
        source: zip::result::ZipError,
    },
    /// An entry of an archive that cannot be found or unpacked.
    #[error("{}: not a readable zip archive: {entry}: {source}", path.display())]
    BadArchiveEntry {
        path: PathBuf,
        entry: String,
        #[source]
        source: zip::result::ZipError,
    },
    #[error("{}: not a readable zip archive: {entry}: {source}", path.display())]
    ArchiveEntryIo {
        path: PathBuf,
        entry: String,
        #[source]
        source: io::Error,
    },
    #[error("{origin}: {source}")]
    BadClass {
        origin: String,
        #[source]
        source: ClassFileError,
    },
    #[error("{origin}: holds class {found}, expected {expected}")]
    WrongName {
        origin: String,
        found: String,
        expected: String,
    },
    #[error("class {0} not found on the class path")]
    ClassNotFound(String),
    #[error("no JDK found: {0}")]
    NoJdk(#[from] NoJdk),
    /// A JDK directory without `jmods/java.base.jmod`.
    #[error("no JDK found: {} has no jmods/java.base.jmod", .0.display())]
    NoJmods(PathBuf),
    /// A jmod of the JDK that cannot be opened (the error is shared: it is
    /// kept and reported at every lookup).
    #[error("no JDK found: {0}")]
    JdkModule(#[source] Arc<ClassPathError>),
}

/// One place classes are looked up in.
enum Entry {
    Dir(PathBuf),
    Jar(Archive),
    /// A lone class file; its class name is read when the entry is added.
    ClassFile {
        path: PathBuf,
        name: String,
    },
}

/// A zip archive (a jar, or a jmod after its header) with its class names.
pub(crate) struct Archive {
    pub(crate) path: PathBuf,
    /// Entry names by class name; a jmod keeps classes under `classes/`.
    names: HashMap<String, String>,
    zip: Mutex<zip::ZipArchive<OffsetFile>>,
}

impl Archive {
    pub(crate) fn open(path: &Path, offset: u64, prefix: &str) -> Result<Archive, ClassPathError> {
        let file = File::open(path).map_err(|source| ClassPathError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let zip = zip::ZipArchive::new(OffsetFile::new(file, offset)?).map_err(|source| {
            ClassPathError::BadArchive {
                path: path.to_path_buf(),
                source,
            }
        })?;
        let mut names = HashMap::new();
        for entry in zip.file_names() {
            let Some(rest) = entry.strip_prefix(prefix) else {
                continue;
            };
            // Multi-release jars keep other versions under META-INF/versions;
            // the base entries are the ones every JVM sees.
            if let Some(class) = rest.strip_suffix(".class") {
                if !rest.starts_with("META-INF/") && class != "module-info" {
                    names.insert(class.to_string(), entry.to_string());
                }
            }
        }
        Ok(Archive {
            path: path.to_path_buf(),
            names,
            zip: Mutex::new(zip),
        })
    }

    /// Whether the archive has class `class`.
    pub(crate) fn has(&self, class: &str) -> bool {
        self.names.contains_key(class)
    }

    fn read(&self, class: &str) -> Option<Result<Vec<u8>, ClassPathError>> {
        let entry = self.names.get(class)?;
        let mut zip = self.zip.lock().unwrap_or_else(|p| p.into_inner());
        let mut read = || -> Result<Vec<u8>, ClassPathError> {
            let mut file =
                zip.by_name(entry)
                    .map_err(|source| ClassPathError::BadArchiveEntry {
                        path: self.path.clone(),
                        entry: entry.clone(),
                        source,
                    })?;
            let mut bytes = Vec::with_capacity(file.size() as usize);
            file.read_to_end(&mut bytes)
                .map_err(|source| ClassPathError::ArchiveEntryIo {
                    path: self.path.clone(),
                    entry: entry.clone(),
                    source,
                })?;
            Ok(bytes)
        };
        Some(read())
    }

    pub(crate) fn class_names(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(String::as_str)
    }

    fn describe(&self, class: &str) -> String {
        match self.names.get(class) {
            Some(entry) => format!("{}!/{entry}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }
}

/// A file read from a fixed offset on, so a jmod's zip data looks like a zip file.
pub(crate) struct OffsetFile {
    file: File,
    offset: u64,
}

impl OffsetFile {
    fn new(mut file: File, offset: u64) -> Result<OffsetFile, ClassPathError> {
        use std::io::Seek;
        file.seek(io::SeekFrom::Start(offset))
            .map_err(|source| ClassPathError::Io {
                path: PathBuf::new(),
                source,
            })?;
        Ok(OffsetFile { file, offset })
    }
}

impl Read for OffsetFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf)
    }
}

impl io::Seek for OffsetFile {
    fn seek(&mut self, pos: io::SeekFrom) -> io::Result<u64> {
        let pos = match pos {
            io::SeekFrom::Start(p) => io::SeekFrom::Start(p + self.offset),
            other => other,
        };
        let abs = self.file.seek(pos)?;
        abs.checked_sub(self.offset).ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "seek before start of archive")
        })
    }
}

/// Whether `class` (internal name) is one of the program's classes (on the
/// user's class path, not the JDK's).
pub fn is_program_class(cp: &ClassPath, class: &str) -> bool {
    cp.user_class_names()
        .binary_search_by(|n| n.as_str().cmp(class))
        .is_ok()
}

/// The classes jaut can see: the user's entries, then the JDK.
pub struct ClassPath {
    entries: Vec<Entry>,
    jdk: Option<Arc<Jdk>>,
    cache: Mutex<HashMap<String, Arc<Class>>>,
    subtypes: OnceLock<HashMap<String, BTreeSet<String>>>,
    /// Answers of [`is_assignable`](Self::is_assignable), by `from` then
    /// `to` (the dispatch of every call asks them of every class).
    assignable: Mutex<HashMap<String, HashMap<String, bool>>>,
    user_names: OnceLock<Vec<String>>,
}

impl ClassPath {
    /// An empty class path that still sees the JDK found by
    /// [`crate::java_home::java_home`].
    pub fn new() -> Result<ClassPath, ClassPathError> {
        let home = crate::java_home::java_home()?;
        Ok(ClassPath::with_jdk(Some(Arc::new(Jdk::open(&home)?))))
    }

    /// A class path over the given JDK (or none, for tests of user classes only).
    pub fn with_jdk(jdk: Option<Arc<Jdk>>) -> ClassPath {
        ClassPath {
            entries: Vec::new(),
            jdk,
            cache: Mutex::new(HashMap::new()),
            subtypes: OnceLock::new(),
            assignable: Mutex::new(HashMap::new()),
            user_names: OnceLock::new(),
        }
    }

    pub fn jdk(&self) -> Option<&Arc<Jdk>> {
        self.jdk.as_ref()
    }

    /// Appends a directory, jar or `.class` file; returns the class names it
    /// holds (for a `.class` file, its one class).
    pub fn add(&mut self, path: &Path) -> Result<Vec<String>, ClassPathError> {
        let meta = std::fs::metadata(path).map_err(|source| match source.kind() {
            io::ErrorKind::NotFound => ClassPathError::NoSuchPath(path.to_path_buf()),
            _ => ClassPathError::Io {
                path: path.to_path_buf(),
                source,
            },
        })?;
        let entry = if meta.is_dir() {
            Entry::Dir(path.to_path_buf())
        } else if has_magic(path, b"PK")? {
            Entry::Jar(Archive::open(path, 0, "")?)
        } else if has_magic(path, &[0xCA, 0xFE, 0xBA, 0xBE])? {
            let bytes = read_file(path)?;
            let class = Class::parse(&bytes).map_err(|source| ClassPathError::BadClass {
                origin: path.display().to_string(),
                source,
            })?;
            // Not cached here: an earlier entry, or the JDK, may hold a
            // class of the same name, and that one is what `load` must find.
            Entry::ClassFile {
                path: path.to_path_buf(),
                name: class.name,
            }
        } else {
            return Err(ClassPathError::NotClassPathEntry(path.to_path_buf()));
        };
        let names = entry_class_names(&entry);
        self.entries.push(entry);
        self.subtypes = OnceLock::new();
        self.assignable = Mutex::new(HashMap::new());
        self.user_names = OnceLock::new();
        Ok(names)
    }

    /// For a `.class` file, the directory its package is rooted at, if the
    /// file sits where its package says (`out/coord/Coord.class` for
    /// `coord/Coord` gives `out`), so that the classes next to it load too.
    pub fn package_root(path: &Path, class: &str) -> Option<PathBuf> {
        let mut parts = class.rsplit('/');
        let simple = parts.next()?;
        if path.file_name()?.to_str()? != format!("{simple}.class") {
            return None;
        }
        let mut root = path.parent()?.to_path_buf();
        for package in parts {
            if root.file_name()?.to_str()? != package {
                return None;
            }
            root.pop();
        }
        Some(if root.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            root
        })
    }

    /// Loads a class by internal name (`java/util/TreeMap`).
    pub fn load(&self, name: &str) -> Result<Arc<Class>, ClassPathError> {
        if let Some(c) = self.lock_cache().get(name) {
            return Ok(c.clone());
        }
        let (bytes, origin) = self
            .find_bytes(name)
            .ok_or_else(|| ClassPathError::ClassNotFound(name.to_string()))??;
        let class = Class::parse(&bytes).map_err(|source| ClassPathError::BadClass {
            origin: origin.clone(),
            source,
        })?;
        if class.name != name {
            return Err(ClassPathError::WrongName {
                origin,
                found: class.name,
                expected: name.to_string(),
            });
        }
        Ok(self.cache_class(Arc::new(class)))
    }

    /// Like [`load`](Self::load), but `None` when the class is simply absent.
    pub fn try_load(&self, name: &str) -> Result<Option<Arc<Class>>, ClassPathError> {
        match self.load(name) {
            Ok(c) => Ok(Some(c)),
            Err(ClassPathError::ClassNotFound(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The raw bytes of a class file and a description of where they came
    /// from, or `None` when no entry has the class.
    pub fn find_bytes(&self, name: &str) -> Option<Result<(Vec<u8>, String), ClassPathError>> {
        if let Some(jdk) = &self.jdk {
            if let Some(found) = jdk.read(name) {
                return Some(found);
            }
        }
        for entry in &self.entries {
            match entry {
                Entry::Dir(dir) => {
                    let path = dir.join(format!("{name}.class"));
                    if path.is_file() {
                        return Some(read_file(&path).map(|b| (b, path.display().to_string())));
                    }
                }
                Entry::Jar(archive) => {
                    if let Some(bytes) = archive.read(name) {
                        return Some(bytes.map(|b| (b, archive.describe(name))));
                    }
                }
                Entry::ClassFile { path, name: n } if n == name => {
                    return Some(read_file(path).map(|b| (b, path.display().to_string())));
                }
                Entry::ClassFile { .. } => {}
            }
        }
        None
    }

    /// Whether some entry (the JDK's modules included) has class `name`,
    /// without reading it.
    pub fn has(&self, name: &str) -> bool {
        if self.jdk.as_ref().is_some_and(|jdk| jdk.has(name)) {
            return true;
        }
        self.entries.iter().any(|entry| match entry {
            Entry::Dir(dir) => dir.join(format!("{name}.class")).is_file(),
            Entry::Jar(archive) => archive.has(name),
            Entry::ClassFile { name: n, .. } => n == name,
        })
    }

    /// Every class name in the user's entries (not the JDK), sorted.
    pub fn user_class_names(&self) -> &[String] {
        self.user_names.get_or_init(|| {
            let mut names: Vec<String> = self.entries.iter().flat_map(entry_class_names).collect();
            names.sort();
            names.dedup();
            names
        })
    }

    fn lock_assignable(&self) -> std::sync::MutexGuard<'_, HashMap<String, HashMap<String, bool>>> {
        self.assignable.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn lock_cache(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Class>>> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds a class made by jaut rather than read from a file (a lambda's,
    /// [`lambda`]); a class of that name already known stays.
    pub fn define(&self, class: Class) -> Arc<Class> {
        self.cache_class(Arc::new(class))
    }

    fn cache_class(&self, class: Arc<Class>) -> Arc<Class> {
        self.lock_cache()
            .entry(class.name.clone())
            .or_insert(class)
            .clone()
    }
}

fn entry_class_names(entry: &Entry) -> Vec<String> {
    match entry {
        Entry::Dir(dir) => {
            let mut names = Vec::new();
            walk_classes(dir, String::new(), &mut names);
            names
        }
        Entry::Jar(archive) => archive.class_names().map(str::to_string).collect(),
        Entry::ClassFile { name, .. } => vec![name.clone()],
    }
}

fn walk_classes(dir: &Path, prefix: String, out: &mut Vec<String>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut items: Vec<_> = read.flatten().collect();
    items.sort_by_key(|e| e.file_name());
    for item in items {
        let name = item.file_name().to_string_lossy().into_owned();
        let path = item.path();
        if path.is_dir() {
            walk_classes(&path, format!("{prefix}{name}/"), out);
        } else if let Some(class) = name.strip_suffix(".class") {
            if class != "module-info" && class != "package-info" {
                out.push(format!("{prefix}{class}"));
            }
        }
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>, ClassPathError> {
    std::fs::read(path).map_err(|source| ClassPathError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn has_magic(path: &Path, magic: &[u8]) -> Result<bool, ClassPathError> {
    let mut file = File::open(path).map_err(|source| ClassPathError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut head = vec![0; magic.len()];
    match file.read_exact(&mut head) {
        Ok(()) => Ok(head == magic),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(false),
        Err(source) => Err(ClassPathError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_without_jmods_is_no_jdk() {
        let err = Jdk::open(Path::new("/nonexistent/jdk"))
            .err()
            .expect("no JDK");
        assert_eq!(
            err.to_string(),
            "no JDK found: /nonexistent/jdk has no jmods/java.base.jmod"
        );
    }

    #[test]
    fn finds_package_roots() {
        assert_eq!(
            ClassPath::package_root(Path::new("out/coord/Coord.class"), "coord/Coord"),
            Some(PathBuf::from("out"))
        );
        assert_eq!(
            ClassPath::package_root(Path::new("Coord.class"), "Coord"),
            Some(PathBuf::from("."))
        );
        assert_eq!(
            ClassPath::package_root(Path::new("/tmp/x/Coord.class"), "coord/Coord"),
            None
        );
    }
}
