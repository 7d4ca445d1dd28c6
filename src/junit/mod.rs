//! The JUnit writer: from a target, the input state that reaches it and
//! what a replay of that state observed in the JVM, Java source for a
//! regression test (JUnit 5 Jupiter or JUnit 4.13; Java access per JLS §6.6).
//!
//! One test class per class under test, `<Class>JautTest`, in the package
//! of that class (so package-visible members need no reflection), written
//! to `<out>/<package dirs>/<Class>JautTest.java`; one test method per
//! target, `moveY_line30` (or `_pc51` without line numbers). A method:
//! 1. allocates every object of the input state without running a
//!    constructor (a generated `allocate` helper over
//!    `sun.misc.Unsafe.allocateInstance`: the search's states are built
//!    field by field, and constructors could reject or change them), then
//!    sets their non-default fields — directly when the test may write the
//!    field, else through a reflection helper (private, final, hidden or
//!    inaccessible fields) — so aliasing and cycles come out as plain
//!    assignments between variables;
//! 2. sets the static fields the path reads;
//! 3. calls the method (through reflection when it is private or its
//!    types are not accessible from the package);
//! 4. asserts what the replay observed: the return value (deeply, bounded
//!    in depth and count), or `assertThrows` with the exception's class
//!    and message; then the fields of the inputs that the call changed.
//!
//! The output depends only on the inputs (tests sorted by method and pc,
//! no timestamps, no hash-map order), so the same run writes the same
//! bytes. The generated code needs nothing beyond JUnit and the JDK and
//! compiles with `--release 11` and 17.
//!
//! One file per concept: `method.rs` writes one test method out of
//! `arrange.rs` (the input state), `act.rs` (the call) and `assert.rs` (the
//! outcome and the changed inputs; `observed.rs` asserts one observed value
//! deeply); `access.rs` decides what the test may name directly;
//! `layout.rs` puts a test class around the methods, with the helper
//! methods of `helpers.rs` (their Java under `helpers/`); `java.rs` spells
//! literals and names; `conditions.rs` writes the path's conditions for the
//! comment; `jacoco.rs` measures line coverage.

pub(crate) mod access;
mod accumulate;
mod act;
mod arrange;
mod assert;
pub mod check;
pub mod checkpoint;
mod collections;
pub mod conditions;
mod construct;
mod helpers;
pub mod jacoco;
pub mod java;
mod layout;
mod method;
mod mock;
mod observed;
pub(crate) mod overloads;
pub(crate) mod values;

pub use accumulate::HEADER;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::classfile::{Class, Method};
use crate::classpath::ClassPath;
use crate::labeling::InputState;
use crate::program::Program;
use crate::replay::observation::Observation;

/// Which JUnit the tests are written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Flavor {
    /// JUnit 5 (Jupiter): `org.junit.jupiter.api.Test`, `Assertions`.
    #[default]
    Junit5,
    /// JUnit 4.13: `org.junit.Test`, `Assert`.
    Junit4,
}

/// What a test aims at.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    /// The class under test, Java form (`coord.Coord`).
    pub class: String,
    pub method: String,
    /// The method's JVM descriptor.
    pub descriptor: String,
    pub pc: u32,
    pub line: Option<u16>,
    /// The target instruction as `javap` prints it (`areturn`).
    pub instruction: String,
    /// The conditions the path takes, for the comment (see
    /// [`conditions::key_conditions`]); may be empty.
    pub conditions: Vec<String>,
}

impl Target {
    /// The target `pc` of `method` in `class`, without path conditions.
    pub fn new(class: &Class, method: &Method, pc: u32) -> Target {
        let code = method.code.as_ref();
        Target {
            class: class.java_name(),
            method: method.name.clone(),
            descriptor: method.descriptor.clone(),
            pc,
            line: code.and_then(|c| c.line_of(pc)),
            instruction: code
                .and_then(|c| c.instruction_at(pc))
                .map_or_else(String::new, |i| i.to_string()),
            conditions: Vec::new(),
        }
    }

    pub fn with_conditions(mut self, conditions: Vec<String>) -> Target {
        self.conditions = conditions;
        self
    }
}

/// Why a test could not be written.
#[derive(Debug, thiserror::Error)]
pub enum JunitError {
    #[error("{path} exists; use --force to overwrite it")]
    Exists { path: PathBuf },
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("class {class} not found on the class path")]
    UnknownClass { class: String },
    #[error("{class} has no method {method}{descriptor}")]
    UnknownMethod {
        class: String,
        method: String,
        descriptor: String,
    },
    /// The observation does not fit the state or the method (a replay bug).
    #[error("inconsistent observation for {target}: {message}")]
    Inconsistent { target: String, message: String },
    #[error("unsupported in a JUnit test: {0}")]
    Unsupported(String),
    /// A file where the test class goes that jaut did not write.
    #[error("{} was not written by jaut (no jaut header); move it away or use --force to replace it", path.display())]
    NotOurs { path: PathBuf },
    /// A jaut test class of the other JUnit flavour.
    #[error("{} holds {found} tests; write elsewhere (--out), use the same flavour, or --force to replace it", path.display())]
    OtherFlavor { path: PathBuf, found: &'static str },
    /// A jaut test class edited into a shape jaut cannot read back.
    #[error("{}: cannot add a test: {why}; use --force to replace the file", path.display())]
    Malformed { path: PathBuf, why: String },
}

/// One rendered test method, before it gets its final name.
#[derive(Debug, Clone)]
struct TestMethod {
    /// Sort key: method, descriptor, pc.
    key: (String, String, u32),
    /// The name asked for (`moveY_line30`); made unique at write time.
    base_name: String,
    /// The Javadoc sentence above the method: the target and the path's
    /// key conditions.
    doc: String,
    /// The comment lines between the Javadoc and `@Test`; the first is the
    /// `Target: ... pc N` line that identifies the test (`accumulate.rs`).
    comment: Vec<String>,
    /// The body's statements, one per line, not indented.
    body: Vec<String>,
    /// Helpers the body calls.
    helpers: helpers::Helpers,
    /// Why the test is disabled (`@Disabled`, `@Ignore`): it depends on
    /// values the environment returned (a random generator, the clock)
    /// that a test cannot make it return.
    disabled: Option<String>,
    /// Whether the test calls a generic method directly (javac infers its
    /// type arguments from the arguments written).
    generic_call: bool,
    /// The same test with that call through `invoke`: what the check puts
    /// in its place when javac cannot infer the direct call
    /// (`check/edits.rs`).
    reflective: Option<Box<TestMethod>>,
}

/// The tests of one run: [`add`](Self::add) a target at a time, then
/// [`write`](Self::write) one file per class under test.
#[derive(Debug, Clone, Default)]
pub struct TestSuite {
    flavor: Flavor,
    classes: BTreeMap<String, Vec<TestMethod>>,
}

impl TestSuite {
    pub fn new(flavor: Flavor) -> TestSuite {
        TestSuite {
            flavor,
            classes: BTreeMap::new(),
        }
    }

    pub fn flavor(&self) -> Flavor {
        self.flavor
    }

    /// Adds the test of one target: `state` reaches it and `observation` is
    /// what its replay saw. `cp` tells which classes, fields and methods
    /// the test may name directly (access flags, hiding).
    pub fn add(
        &mut self,
        cp: &ClassPath,
        target: &Target,
        state: &InputState,
        observation: &Observation,
    ) -> Result<(), JunitError> {
        let method = method::render(cp, self.flavor, target, state, observation)?;
        self.classes
            .entry(target.class.clone())
            .or_default()
            .push(method);
        Ok(())
    }

    /// Number of tests added.
    pub fn len(&self) -> usize {
        self.classes.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The Java source of every test class: (path relative to the output
    /// directory, source), sorted by path.
    pub fn sources(&self) -> Vec<(PathBuf, String)> {
        self.classes
            .iter()
            .map(|(class, methods)| {
                (
                    test_file(class),
                    layout::class_source(self.flavor, class, methods),
                )
            })
            .collect()
    }

    /// The Java source of every test class, by the class under test (Java
    /// form), sorted by class.
    pub fn class_sources(&self) -> Vec<(String, String)> {
        self.classes
            .iter()
            .map(|(class, methods)| {
                (
                    class.clone(),
                    layout::class_source(self.flavor, class, methods),
                )
            })
            .collect()
    }

    /// The tests of the classes under test `classes` (Java form) only.
    pub fn only(&self, classes: &[String]) -> TestSuite {
        TestSuite {
            flavor: self.flavor,
            classes: self
                .classes
                .iter()
                .filter(|(class, _)| classes.contains(class))
                .map(|(class, methods)| (class.clone(), methods.clone()))
                .collect(),
        }
    }

    /// Each test class as [`sources`](Self::sources) has it, with where
    /// each line comes from and the tests' names, by their index in the
    /// class's list: (class under test, path, source, line map, names).
    #[allow(clippy::type_complexity)]
    fn mapped_sources(
        &self,
    ) -> Vec<(
        String,
        PathBuf,
        String,
        Vec<layout::LineOrigin>,
        Vec<String>,
    )> {
        self.classes
            .iter()
            .map(|(class, methods)| {
                let (text, origins) = layout::class_source_mapped(self.flavor, class, methods);
                let mut names = vec![String::new(); methods.len()];
                for (name, i) in layout::named_indices(methods) {
                    names[i] = name;
                }
                (class.clone(), test_file(class), text, origins, names)
            })
            .collect()
    }

    /// Statement `statement` of the body of test `method` of `class`.
    fn statement(&self, class: &str, method: usize, statement: usize) -> &str {
        &self.classes[class][method].body[statement]
    }

    /// Drops one statement of a test's body.
    fn drop_statement(&mut self, class: &str, method: usize, statement: usize) {
        if let Some(m) = self
            .classes
            .get_mut(class)
            .and_then(|ms| ms.get_mut(method))
        {
            if statement < m.body.len() {
                m.body.remove(statement);
            }
        }
    }

    /// Whether a test has a form with its call through `invoke`
    /// ([`TestMethod::reflective`]).
    fn has_reflective_form(&self, class: &str, method: usize) -> bool {
        self.classes
            .get(class)
            .and_then(|ms| ms.get(method))
            .is_some_and(|m| m.reflective.is_some())
    }

    /// Puts a test's form with its call through `invoke` in its place.
    fn take_reflective_form(&mut self, class: &str, method: usize) {
        if let Some(m) = self
            .classes
            .get_mut(class)
            .and_then(|ms| ms.get_mut(method))
        {
            if let Some(r) = m.reflective.take() {
                *m = *r;
            }
        }
    }

    /// Removes a test (a class left without tests goes too).
    fn remove_test(&mut self, class: &str, method: usize) {
        if let Some(ms) = self.classes.get_mut(class) {
            if method < ms.len() {
                ms.remove(method);
            }
            if ms.is_empty() {
                self.classes.remove(class);
            }
        }
    }

    /// The name each test got in its class, `CoordJautTest.moveY_line30`,
    /// by the class (Java form), method, descriptor and pc it aims at.
    pub fn names(&self) -> BTreeMap<(String, String, String, u32), String> {
        let mut out = BTreeMap::new();
        for (class, methods) in &self.classes {
            let test_class = test_class_name(class);
            for (name, m) in layout::named(methods) {
                let (method, descriptor, pc) = m.key.clone();
                out.insert(
                    (class.clone(), method, descriptor, pc),
                    format!("{test_class}.{name}"),
                );
            }
        }
        out
    }

    /// Writes one file per class under test under `out`, creating the
    /// package directories. Without `force`, fails before writing anything
    /// if one of the files exists. Returns the paths written.
    pub fn write(&self, out: &Path, force: bool) -> Result<Vec<PathBuf>, JunitError> {
        let sources = self.sources();
        if !force {
            for (rel, _) in &sources {
                let path = out.join(rel);
                if path.exists() {
                    return Err(JunitError::Exists { path });
                }
            }
        }
        let mut written = Vec::new();
        for (rel, text) in sources {
            let path = out.join(rel);
            accumulate::write_atomically(&path, &text)?;
            written.push(path);
        }
        Ok(written)
    }
}

/// Whether the test of a target of `class` (Java name) may be written under
/// `out`: no file yet, `force`, or a test class jaut wrote in the same
/// flavour (the new test is then added to it). Depends only on the
/// arguments, so the default flow checks it before the search.
pub fn check_test_file(
    out: &Path,
    class: &str,
    flavor: Flavor,
    force: bool,
) -> Result<(), JunitError> {
    accumulate::check(&out.join(test_file(class)), flavor, force)
}

/// The default flow's last step (`jaut TARGET -m M --pc N`): writes the
/// test of one reached and replayed target to its class's file under
/// `out`, with the path's key conditions in its comment. A test class jaut
/// wrote before keeps its other tests (the test aiming at the same target
/// is replaced); `force` replaces the whole file. With `check` (the class
/// path of the code under test), javac compiles the test first: an
/// assertion it rejects is dropped, and a test it rejects otherwise is not
/// written ([`check::compile_only`]). Returns the file written, or `None`
/// with what the check took out.
#[allow(clippy::too_many_arguments)]
pub fn write_test(
    cp: &Program,
    class: &Class,
    method: &Method,
    pc: u32,
    state: &InputState,
    path: &[crate::search::PathStep],
    observation: &Observation,
    out: &Path,
    flavor: Flavor,
    force: bool,
    check: Option<&[PathBuf]>,
) -> Result<Written, JunitError> {
    let target = Target::new(class, method, pc)
        .with_conditions(conditions::key_conditions(cp, class, method, path));
    let mut m = method::render(cp, flavor, &target, state, observation)?;
    let mut checked = None;
    if let Some(class_path) = check {
        let mut one = TestSuite::new(flavor);
        one.classes.insert(target.class.clone(), vec![m.clone()]);
        let work = std::env::temp_dir().join(format!("jaut-check-{}-{}", std::process::id(), pc));
        let result = check::compile_only(&mut one, class_path, &work);
        let _ = std::fs::remove_dir_all(&work);
        match result {
            Ok(c) => {
                let kept = one.classes.remove(&target.class).and_then(|mut v| v.pop());
                match kept {
                    Some(k) => m = k,
                    None => return Ok(Written::TakenOut(c)),
                }
                checked = Some(c);
            }
            // No javac or JUnit jars: the test is written unchecked.
            Err(e) => eprintln!("jaut: warning: the test was not compiled first: {e}"),
        }
    }
    let path = out.join(test_file(&target.class));
    let text = match std::fs::read_to_string(&path) {
        Ok(existing) if !force => accumulate::add(&path, &existing, flavor, &target.class, &m)?,
        _ => layout::class_source(flavor, &target.class, std::slice::from_ref(&m)),
    };
    accumulate::write_atomically(&path, &text)?;
    Ok(Written::File {
        path,
        check: checked,
    })
}

/// What [`write_test`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// The test is in this file; `check` says what javac took out of it.
    File {
        path: PathBuf,
        check: Option<check::SuiteCheck>,
    },
    /// javac rejected the test: nothing was written.
    TakenOut(check::SuiteCheck),
}

/// The test class's name for a class under test: `CoordJautTest`,
/// `PrivateRedBlackTree_EntryJautTest` for a nested class.
pub fn test_class_name(class: &str) -> String {
    format!(
        "{}JautTest",
        java::binary_simple_name(class).replace('$', "_")
    )
}

/// `coord/CoordJautTest.java`.
pub fn test_file(class: &str) -> PathBuf {
    let mut path = PathBuf::new();
    for part in java::package_of(class).split('.').filter(|p| !p.is_empty()) {
        path.push(part);
    }
    path.push(format!("{}.java", test_class_name(class)));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names() {
        assert_eq!(
            test_file("coord.Coord"),
            Path::new("coord/CoordJautTest.java")
        );
        assert_eq!(test_file("Foo"), Path::new("FooJautTest.java"));
        assert_eq!(
            test_class_name("rbtree.PrivateRedBlackTree$Entry"),
            "PrivateRedBlackTree_EntryJautTest"
        );
    }
}
