//! The class path (directories, jars, single class files, the JDK's jmods)
//! and the hierarchy queries over it: subtyping, common superclasses, field
//! and method resolution (JVMS §5.4.3.2-4), method selection (§5.4.6) and
//! known subtypes.
//!
//! The Java fixtures live under `tests/fixtures/hierarchy/` and are compiled
//! once per test process; cases that need several versions of one class
//! (lookup order, separate compilation) write their sources into a tempdir.

mod support;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};

use jaut::classfile::Method;
use jaut::classpath::hierarchy::Found;
use jaut::classpath::{ClassPath, ClassPathError};

const STRING: &str = "()Ljava/lang/String;";

// ------------------------------------------------------------------ helpers

/// A class path over the JDK and these entries, in order.
fn classpath(entries: &[&Path]) -> ClassPath {
    let mut cp = ClassPath::with_jdk(Some(support::jdk()));
    for e in entries {
        cp.add(e)
            .unwrap_or_else(|err| panic!("adding {}: {err}", e.display()));
    }
    cp
}

fn fixture_sources() -> PathBuf {
    support::repo().join("tests/fixtures/hierarchy")
}

/// The fixtures' class files, compiled once into cargo's target tmp
/// directory, in a directory named after a hash of the sources (so a change
/// to them gets a fresh build, and runs in parallel share one).
fn fixtures() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| support::compiled_fixtures("hierarchy"))
}

fn fixture_classpath() -> ClassPath {
    classpath(&[fixtures()])
}

/// The class names the fixtures' sources declare (one top-level class each).
fn fixture_class_names() -> Vec<String> {
    let root = fixture_sources();
    let mut names: Vec<String> = support::java_files(&root)
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).unwrap().with_extension("");
            rel.to_str()
                .unwrap()
                .replace(std::path::MAIN_SEPARATOR, "/")
        })
        .collect();
    names.sort();
    names
}

/// Writes `source` to `dir/rel` and returns the path.
fn write_source(dir: &Path, rel: &str, source: &str) -> PathBuf {
    let path = dir.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, source).unwrap();
    path
}

/// Compiles `sources` (relative path, text) in a fresh source dir into `out`.
fn compile_inline(tmp: &Path, out: &Path, sources: &[(&str, &str)]) {
    compile_inline_with(tmp, out, sources, None);
}

/// Like [`compile_inline`], with a class path for javac.
fn compile_inline_with(tmp: &Path, out: &Path, sources: &[(&str, &str)], cp: Option<&Path>) {
    let src = tempfile::tempdir_in(tmp).unwrap();
    let files: Vec<PathBuf> = sources
        .iter()
        .map(|(rel, text)| write_source(src.path(), rel, text))
        .collect();
    support::javac(&files, out, cp);
}

/// Builds a jar holding `files` (entry name, bytes), with a manifest and
/// directory entries like the `jar` tool writes.
fn make_jar(path: &Path, files: &[(&str, Vec<u8>)]) {
    let file = std::fs::File::create(path).unwrap();
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut dirs = BTreeSet::from(["META-INF/".to_string()]);
    for (name, _) in files {
        let mut dir = String::new();
        for part in name.split('/').collect::<Vec<_>>().split_last().unwrap().1 {
            dir.push_str(part);
            dir.push('/');
            dirs.insert(dir.clone());
        }
    }
    for d in dirs {
        zip.add_directory(d, options).unwrap();
    }
    zip.start_file("META-INF/MANIFEST.MF", options).unwrap();
    zip.write_all(b"Manifest-Version: 1.0\r\n\r\n").unwrap();
    for (name, bytes) in files {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

fn class_bytes(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(format!("{name}.class"))).unwrap()
}

fn names(classes: &[Arc<jaut::classfile::Class>]) -> Vec<&str> {
    classes.iter().map(|c| c.name.as_str()).collect()
}

fn field_names(cp: &ClassPath, class: &str) -> BTreeSet<String> {
    cp.load(class)
        .unwrap()
        .fields
        .iter()
        .map(|f| f.name.clone())
        .collect()
}

/// `class.name+descriptor` of a found method, for compact assertions.
fn show(found: &Option<Found<Method>>) -> Option<String> {
    found
        .as_ref()
        .map(|f| format!("{}.{}{}", f.class.name, f.member.name, f.member.descriptor))
}

fn resolve(cp: &ClassPath, class: &str, name: &str, desc: &str) -> Found<Method> {
    cp.resolve_method(class, name, desc)
        .unwrap()
        .unwrap_or_else(|| panic!("{class}.{name}{desc} resolves"))
}

fn select(cp: &ClassPath, runtime: &str, resolved: &Found<Method>) -> Option<String> {
    show(&cp.select_method(runtime, resolved).unwrap())
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// -------------------------------------------------------- class path entries

#[test]
fn directory_entry_lists_and_loads_its_classes() {
    let mut cp = ClassPath::with_jdk(Some(support::jdk()));
    let added = cp.add(fixtures()).unwrap();
    let expected = fixture_class_names();
    assert!(expected.contains(&"hier/p2/E".to_string()));
    let mut sorted = added.clone();
    sorted.sort();
    assert_eq!(sorted, expected);
    // Only the user's classes, not the JDK's.
    assert_eq!(cp.user_class_names(), expected);

    let dog = cp.load("hier/Dog").unwrap();
    assert_eq!(dog.name, "hier/Dog");
    assert_eq!(dog.super_class.as_deref(), Some("hier/Animal"));
    assert_eq!(dog.interfaces, ["hier/Pet"]);
    let (_, origin) = cp.find_bytes("hier/p1/A").unwrap().unwrap();
    assert!(
        origin.ends_with("hier/p1/A.class"),
        "origin names the file: {origin}"
    );
    assert!(matches!(
        cp.load("hier/Nope"),
        Err(ClassPathError::ClassNotFound(n)) if n == "hier/Nope"
    ));
    assert!(cp.try_load("hier/Nope").unwrap().is_none());
    assert!(cp.find_bytes("hier/Nope").is_none());
}

#[test]
fn directory_listing_skips_module_and_package_info() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let out = tmp.path().join("out");
    compile_inline(
        tmp.path(),
        &out,
        &[
            ("pi/Thing.java", "package pi; public class Thing {}"),
            ("pi/package-info.java", "@Deprecated package pi;"),
        ],
    );
    assert!(out.join("pi/package-info.class").is_file());
    let cp = classpath(&[&out]);
    assert_eq!(cp.user_class_names(), ["pi/Thing"]);
}

#[test]
fn jar_entry_lists_and_loads_its_classes() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let jar = tmp.path().join("animals.jar");
    let classes = [
        "hier/Animal",
        "hier/Named",
        "hier/Pet",
        "hier/Dog",
        "hier/p1/A",
    ];
    let files: Vec<(String, Vec<u8>)> = classes
        .iter()
        .map(|c| (format!("{c}.class"), class_bytes(fixtures(), c)))
        .collect();
    let mut with_versions: Vec<(&str, Vec<u8>)> =
        files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    // A multi-release jar's other versions are not base entries.
    with_versions.push((
        "META-INF/versions/17/hier/Cat.class",
        class_bytes(fixtures(), "hier/Cat"),
    ));
    make_jar(&jar, &with_versions);

    let mut cp = ClassPath::with_jdk(Some(support::jdk()));
    let mut added = cp.add(&jar).unwrap();
    added.sort();
    let mut expected = strings(&classes);
    expected.sort();
    assert_eq!(added, expected);
    assert_eq!(cp.user_class_names(), expected);

    let dog = cp.load("hier/Dog").unwrap();
    assert_eq!(dog.super_class.as_deref(), Some("hier/Animal"));
    let (bytes, origin) = cp.find_bytes("hier/p1/A").unwrap().unwrap();
    assert_eq!(bytes, class_bytes(fixtures(), "hier/p1/A"));
    assert!(
        origin.ends_with("animals.jar!/hier/p1/A.class"),
        "origin names the jar and entry: {origin}"
    );
    assert!(cp.try_load("hier/Cat").unwrap().is_none());
    // The hierarchy works across a jar.
    assert!(cp.is_assignable("hier/Dog", "hier/Named").unwrap());
}

#[test]
fn jar_built_by_the_jar_tool() {
    let jar_tool = support::jdk_tool("jar");
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let jar = tmp.path().join("p.jar");
    let status = Command::new(jar_tool)
        .arg("cf")
        .arg(&jar)
        .arg("-C")
        .arg(fixtures())
        .arg("hier/p1")
        .status()
        .expect("jar runs");
    assert!(status.success());
    let cp = classpath(&[&jar]);
    assert_eq!(
        cp.user_class_names(),
        ["hier/p1/A", "hier/p1/C", "hier/p1/D"]
    );
    assert_eq!(
        cp.load("hier/p1/D").unwrap().super_class.as_deref(),
        Some("hier/p1/A")
    );
}

#[test]
fn single_class_file_entry() {
    let file = fixtures().join("hier/Robot.class");
    let mut cp = ClassPath::with_jdk(Some(support::jdk()));
    assert_eq!(cp.add(&file).unwrap(), ["hier/Robot"]);
    assert_eq!(cp.user_class_names(), ["hier/Robot"]);
    let robot = cp.load("hier/Robot").unwrap();
    assert_eq!(robot.interfaces, ["hier/Named"]);
    // Only that class: its neighbours in the directory are not on the path.
    assert!(matches!(
        cp.load("hier/Named"),
        Err(ClassPathError::ClassNotFound(_))
    ));
    // ...unless its package root is added, as the CLI does.
    let root = ClassPath::package_root(&file, &robot.name).unwrap();
    assert_eq!(root, fixtures());
    cp.add(&root).unwrap();
    assert!(cp.load("hier/Named").unwrap().is_interface());
}

#[test]
fn package_roots() {
    let a = fixtures().join("hier/p1/A.class");
    assert_eq!(
        ClassPath::package_root(&a, "hier/p1/A").as_deref(),
        Some(fixtures())
    );
    // The file sits in the wrong directory for its package.
    assert_eq!(ClassPath::package_root(&a, "other/p1/A"), None);
    assert_eq!(ClassPath::package_root(&a, "p1/x/A"), None);
    // The file name is not the class's.
    assert_eq!(
        ClassPath::package_root(&fixtures().join("hier/p1/C.class"), "hier/p1/A"),
        None
    );
    // Default package: the file's own directory.
    assert_eq!(
        ClassPath::package_root(Path::new("/tmp/x/Top.class"), "Top"),
        Some(PathBuf::from("/tmp/x"))
    );
    assert_eq!(
        ClassPath::package_root(Path::new("Top.class"), "Top"),
        Some(PathBuf::from("."))
    );
    assert_eq!(
        ClassPath::package_root(Path::new("hier/p1/A.class"), "hier/p1/A"),
        Some(PathBuf::from("."))
    );
    // Nested classes keep their `$`.
    assert_eq!(
        ClassPath::package_root(Path::new("out/a/Outer$Inner.class"), "a/Outer$Inner"),
        Some(PathBuf::from("out"))
    );
    // A sample compiled by samples/build.sh.
    let square = support::sample_class("core/Square");
    assert_eq!(
        ClassPath::package_root(&square, "core/Square").as_deref(),
        Some(support::samples())
    );
}

/// Two versions of `order/Same` (a field `v1` or `v2` tells them apart) in
/// two directories, and a jar and single file of each.
struct Versions {
    _tmp: tempfile::TempDir,
    dir1: PathBuf,
    dir2: PathBuf,
    jar1: PathBuf,
    jar2: PathBuf,
    file2: PathBuf,
}

fn versions() -> Versions {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let mut dirs = Vec::new();
    let mut jars = Vec::new();
    for v in ["v1", "v2"] {
        let out = tmp.path().join(v);
        let source = format!("package order; public class Same {{ public int {v}; }}");
        compile_inline(tmp.path(), &out, &[("order/Same.java", &source)]);
        let jar = tmp.path().join(format!("{v}.jar"));
        make_jar(
            &jar,
            &[("order/Same.class", class_bytes(&out, "order/Same"))],
        );
        dirs.push(out);
        jars.push(jar);
    }
    let file2 = dirs[1].join("order/Same.class");
    let [dir1, dir2] = <[PathBuf; 2]>::try_from(dirs).unwrap();
    let [jar1, jar2] = <[PathBuf; 2]>::try_from(jars).unwrap();
    Versions {
        _tmp: tmp,
        dir1,
        dir2,
        jar1,
        jar2,
        file2,
    }
}

fn version_seen(entries: &[&Path]) -> String {
    let cp = classpath(entries);
    let fields = field_names(&cp, "order/Same");
    assert_eq!(fields.len(), 1, "{fields:?}");
    fields.into_iter().next().unwrap()
}

#[test]
fn first_user_entry_holding_a_class_wins() {
    let v = versions();
    assert_eq!(version_seen(&[&v.dir1, &v.dir2]), "v1");
    assert_eq!(version_seen(&[&v.dir2, &v.dir1]), "v2");
    assert_eq!(version_seen(&[&v.jar2, &v.dir1]), "v2");
    assert_eq!(version_seen(&[&v.dir1, &v.jar2]), "v1");
    assert_eq!(version_seen(&[&v.jar1, &v.jar2]), "v1");
    assert_eq!(version_seen(&[&v.file2, &v.dir1]), "v2");
    // A single class file added after a directory holding the same class
    // must not take its place.
    assert_eq!(version_seen(&[&v.dir1, &v.file2]), "v1");
    assert_eq!(version_seen(&[&v.jar1, &v.file2]), "v1");
}

#[test]
fn entries_added_later_do_not_replace_loaded_classes() {
    let v = versions();
    let mut cp = classpath(&[&v.dir1]);
    let before = cp.load("order/Same").unwrap();
    cp.add(&v.dir2).unwrap();
    cp.add(&v.file2).unwrap();
    let after = cp.load("order/Same").unwrap();
    assert!(Arc::ptr_eq(&before, &after));
    assert!(after.field("v1").is_some());
    assert_eq!(cp.user_class_names(), ["order/Same"]);
}

/// A class file whose class is named `java/lang/String`, with a field
/// `fakeMarker`: compiled as `zzzz/lang/String` (same length) and renamed
/// in its constant pool.
fn fake_string(tmp: &Path) -> PathBuf {
    let out = tmp.join("fake");
    compile_inline(
        tmp,
        &out,
        &[(
            "zzzz/lang/String.java",
            "package zzzz.lang; public class String { public int fakeMarker; }",
        )],
    );
    let mut bytes = class_bytes(&out, "zzzz/lang/String");
    let (from, to) = (b"zzzz/lang/String", b"java/lang/String");
    let mut replaced = 0;
    let mut i = 0;
    while i + from.len() <= bytes.len() {
        if &bytes[i..i + from.len()] == from {
            bytes[i..i + from.len()].copy_from_slice(to);
            replaced += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    assert!(replaced > 0);
    let user = tmp.join("user");
    let path = user.join("java/lang/String.class");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    // It is a class named java/lang/String indeed.
    let parsed = jaut::classfile::Class::parse(&bytes).unwrap();
    assert_eq!(parsed.name, "java/lang/String");
    assert!(parsed.field("fakeMarker").is_some());
    path
}

fn assert_jdk_string(cp: &ClassPath) {
    let string = cp.load("java/lang/String").unwrap();
    assert!(
        string.field("fakeMarker").is_none(),
        "the user's String was used"
    );
    assert!(string.field("value").is_some());
    assert!(string
        .interfaces
        .iter()
        .any(|i| i == "java/lang/CharSequence"));
    let (_, origin) = cp.find_bytes("java/lang/String").unwrap().unwrap();
    assert!(origin.contains("java.base.jmod"), "{origin}");
}

#[test]
fn jdk_classes_come_before_user_entries() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let file = fake_string(tmp.path());
    let root = tmp.path().join("user");
    let jar = tmp.path().join("string.jar");
    make_jar(
        &jar,
        &[("java/lang/String.class", std::fs::read(&file).unwrap())],
    );

    for entry in [&root, &jar, &file] {
        let cp = classpath(&[entry]);
        // Listed as the user's...
        assert_eq!(
            cp.user_class_names(),
            ["java/lang/String"],
            "{}",
            entry.display()
        );
        // ...but never loaded from there.
        assert_jdk_string(&cp);
    }
}

#[test]
fn class_under_another_name_is_wrong_name() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let dir = tmp.path().join("dir");
    let claimed = dir.join("hier/Claimed.class");
    std::fs::create_dir_all(claimed.parent().unwrap()).unwrap();
    std::fs::write(&claimed, class_bytes(fixtures(), "hier/Robot")).unwrap();
    let jar = tmp.path().join("wrong.jar");
    make_jar(
        &jar,
        &[("hier/Claimed.class", class_bytes(fixtures(), "hier/Robot"))],
    );

    for (entry, suffix) in [
        (&dir, "hier/Claimed.class"),
        (&jar, "wrong.jar!/hier/Claimed.class"),
    ] {
        let cp = classpath(&[entry]);
        for _ in 0..2 {
            match cp.load("hier/Claimed") {
                Err(ClassPathError::WrongName {
                    origin,
                    found,
                    expected,
                }) => {
                    assert!(origin.ends_with(suffix), "{origin}");
                    assert_eq!(found, "hier/Robot");
                    assert_eq!(expected, "hier/Claimed");
                }
                other => panic!("expected WrongName, got {other:?}"),
            }
        }
        // The class it holds is not found under its own name either.
        assert!(matches!(
            cp.load("hier/Robot"),
            Err(ClassPathError::ClassNotFound(_))
        ));
    }
}

#[test]
fn corrupt_class_is_bad_class_naming_the_file() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let dir = tmp.path().join("dir");
    let bad = dir.join("bad/Bad.class");
    std::fs::create_dir_all(bad.parent().unwrap()).unwrap();
    // The magic number, then a truncated header.
    std::fs::write(&bad, [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00]).unwrap();
    std::fs::write(dir.join("bad/Text.class"), "not a class").unwrap();
    // A good class next to them.
    std::fs::write(dir.join("bad/Good.class"), {
        let out = tmp.path().join("good");
        compile_inline(
            tmp.path(),
            &out,
            &[("bad/Good.java", "package bad; public class Good {}")],
        );
        class_bytes(&out, "bad/Good")
    })
    .unwrap();

    let cp = classpath(&[&dir]);
    assert_eq!(cp.user_class_names(), ["bad/Bad", "bad/Good", "bad/Text"]);
    for name in ["bad/Bad", "bad/Text"] {
        // Reported every time, not cached as absent or present.
        for _ in 0..2 {
            match cp.load(name) {
                Err(e @ ClassPathError::BadClass { .. }) => {
                    let ClassPathError::BadClass { origin, .. } = &e else {
                        unreachable!()
                    };
                    let file = format!("{name}.class");
                    assert!(origin.ends_with(&file), "{origin}");
                    assert!(e.to_string().contains(&file), "{e}");
                }
                other => panic!("expected BadClass for {name}, got {other:?}"),
            }
            assert!(cp.try_load(name).is_err());
        }
    }
    assert!(cp.load("bad/Good").is_ok());
    // The subtype index leaves the broken classes out.
    assert_eq!(cp.known_subtypes("java/lang/Object").unwrap(), ["bad/Good"]);

    // In a jar, the origin is the jar's entry.
    let jar = tmp.path().join("bad.jar");
    make_jar(&jar, &[("bad/Bad.class", std::fs::read(&bad).unwrap())]);
    let cp = classpath(&[&jar]);
    match cp.load("bad/Bad") {
        Err(ClassPathError::BadClass { origin, .. }) => {
            assert!(origin.ends_with("bad.jar!/bad/Bad.class"), "{origin}")
        }
        other => panic!("expected BadClass, got {other:?}"),
    }
}

#[test]
fn entries_that_are_not_class_path_entries() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let mut cp = ClassPath::with_jdk(Some(support::jdk()));
    let missing = tmp.path().join("missing");
    assert!(matches!(cp.add(&missing), Err(ClassPathError::NoSuchPath(p)) if p == missing));
    let text = tmp.path().join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    assert!(matches!(cp.add(&text), Err(ClassPathError::NotClassPathEntry(p)) if p == text));
    let empty = tmp.path().join("empty");
    std::fs::write(&empty, "").unwrap();
    assert!(matches!(
        cp.add(&empty),
        Err(ClassPathError::NotClassPathEntry(_))
    ));
    let fake_zip = tmp.path().join("fake.jar");
    std::fs::write(&fake_zip, "PK and nothing else").unwrap();
    assert!(matches!(
        cp.add(&fake_zip),
        Err(ClassPathError::BadArchive { .. })
    ));
    let bad_class = tmp.path().join("Bad.class");
    std::fs::write(&bad_class, [0xCA, 0xFE, 0xBA, 0xBE, 0, 0]).unwrap();
    match cp.add(&bad_class) {
        Err(ClassPathError::BadClass { origin, .. }) => {
            assert_eq!(origin, bad_class.display().to_string())
        }
        other => panic!("expected BadClass, got {other:?}"),
    }
    // Nothing was added.
    assert!(cp.user_class_names().is_empty());
}

#[test]
fn loaded_classes_are_cached() {
    let cp = fixture_classpath();
    for name in ["hier/Dog", "java/util/TreeMap", "java/sql/Connection"] {
        let a = cp.load(name).unwrap();
        let b = cp.load(name).unwrap();
        assert!(Arc::ptr_eq(&a, &b), "{name} loaded twice");
        let c = cp.try_load(name).unwrap().unwrap();
        assert!(Arc::ptr_eq(&a, &c));
        // The hierarchy queries share the cached classes.
        let chain = cp.superclass_chain(name).unwrap();
        assert!(Arc::ptr_eq(&a, &chain[0]));
    }
    let file = fixtures().join("hier/Robot.class");
    let cp = classpath(&[&file]);
    let a = cp.load("hier/Robot").unwrap();
    assert!(Arc::ptr_eq(&a, &cp.load("hier/Robot").unwrap()));
}

#[test]
fn jdk_classes_from_jmods() {
    let cp = ClassPath::with_jdk(Some(support::jdk()));
    let tree_map = cp.load("java/util/TreeMap").unwrap();
    assert_eq!(
        tree_map.super_class.as_deref(),
        Some("java/util/AbstractMap")
    );
    assert!(tree_map
        .interfaces
        .iter()
        .any(|i| i == "java/util/NavigableMap"));
    assert!(tree_map
        .method(
            "put",
            "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"
        )
        .is_some());
    let object = cp.load("java/lang/Object").unwrap();
    assert_eq!(object.super_class, None);
    assert!(object.interfaces.is_empty());
    // Another module than java.base.
    let connection = cp.load("java/sql/Connection").unwrap();
    assert!(connection.is_interface());
    assert_eq!(connection.super_class.as_deref(), Some("java/lang/Object"));
    assert!(connection
        .interfaces
        .iter()
        .any(|i| i == "java/lang/AutoCloseable"));
    let (_, origin) = cp.find_bytes("java/sql/Connection").unwrap().unwrap();
    assert!(
        origin.contains("java.sql.jmod!/classes/java/sql/Connection.class"),
        "{origin}"
    );
    let (_, origin) = cp.find_bytes("java/util/TreeMap").unwrap().unwrap();
    assert!(origin.contains("java.base.jmod"), "{origin}");
    // The JDK's classes are not the user's.
    assert!(cp.user_class_names().is_empty());
    assert!(support::jdk()
        .module_class_names("java.sql")
        .iter()
        .any(|n| n == "java/sql/Connection"));
    assert!(!support::jdk()
        .module_class_names("java.sql")
        .iter()
        .any(|n| n == "java/lang/Object"));
    // No module-info among the classes.
    assert!(!support::jdk()
        .module_class_names("java.base")
        .iter()
        .any(|n| n == "module-info"));
    assert!(cp.try_load("java/util/NoSuchThing").unwrap().is_none());

    // Without a JDK, not even Object is there.
    let bare = ClassPath::with_jdk(None);
    assert!(matches!(
        bare.load("java/lang/Object"),
        Err(ClassPathError::ClassNotFound(_))
    ));
}

// ---------------------------------------------------------------- hierarchy

#[test]
fn superclass_chains() {
    let cp = fixture_classpath();
    let chain = cp.superclass_chain("java/util/ArrayList").unwrap();
    assert_eq!(
        names(&chain),
        [
            "java/util/ArrayList",
            "java/util/AbstractList",
            "java/util/AbstractCollection",
            "java/lang/Object"
        ]
    );
    assert_eq!(
        names(&cp.superclass_chain("hier/Puppy").unwrap()),
        ["hier/Puppy", "hier/Dog", "hier/Animal", "java/lang/Object"]
    );
    assert_eq!(
        names(&cp.superclass_chain("hier/p2/E").unwrap()),
        ["hier/p2/E", "hier/p1/D", "hier/p1/A", "java/lang/Object"]
    );
    // An interface's superclass is Object.
    assert_eq!(
        names(&cp.superclass_chain("hier/Pet").unwrap()),
        ["hier/Pet", "java/lang/Object"]
    );
    assert_eq!(
        names(&cp.superclass_chain("java/lang/Object").unwrap()),
        ["java/lang/Object"]
    );
    assert!(matches!(
        cp.superclass_chain("hier/Nope"),
        Err(ClassPathError::ClassNotFound(_))
    ));
}

#[test]
fn all_superinterfaces() {
    let cp = fixture_classpath();
    let array_list = cp.all_superinterfaces("java/util/ArrayList").unwrap();
    for i in [
        "java/util/List",
        "java/util/Collection",
        "java/lang/Iterable",
        "java/util/RandomAccess",
        "java/lang/Cloneable",
        "java/io/Serializable",
    ] {
        assert!(
            array_list.contains(i),
            "ArrayList implements {i}: {array_list:?}"
        );
    }
    assert!(!array_list.contains("java/util/Set"));
    assert!(!array_list.contains("java/util/ArrayList"));
    assert!(!array_list.contains("java/lang/Object"));

    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    // Through a superinterface and through the superclass.
    assert_eq!(
        cp.all_superinterfaces("hier/Puppy").unwrap(),
        set(&["hier/Named", "hier/Pet"])
    );
    assert_eq!(
        cp.all_superinterfaces("hier/Cat").unwrap(),
        set(&["hier/Named"])
    );
    // An interface's superinterfaces, not itself.
    assert_eq!(
        cp.all_superinterfaces("hier/LoudGreeter").unwrap(),
        set(&["hier/Greeter"])
    );
    assert_eq!(
        cp.all_superinterfaces("hier/FSub").unwrap(),
        set(&["hier/BaseConsts", "hier/Consts"])
    );
    assert!(cp
        .all_superinterfaces("java/lang/Object")
        .unwrap()
        .is_empty());
    // Through a JDK superclass.
    let my_list = cp.all_superinterfaces("hier/MyList").unwrap();
    assert!(my_list.contains("java/util/List") && my_list.contains("java/lang/Iterable"));
}

#[test]
fn assignability_of_classes_and_interfaces() {
    let cp = fixture_classpath();
    let yes = |a: &str, b: &str| assert!(cp.is_assignable(a, b).unwrap(), "{a} to {b}");
    let no = |a: &str, b: &str| assert!(!cp.is_assignable(a, b).unwrap(), "not {a} to {b}");
    yes("java/lang/Integer", "java/lang/Number");
    yes("java/lang/Integer", "java/lang/Integer");
    yes("java/lang/Integer", "java/lang/Object");
    no("java/lang/Number", "java/lang/Integer");
    no("java/lang/Integer", "java/lang/Long");
    no("java/lang/Object", "java/lang/String");
    yes("hier/Puppy", "hier/Animal");
    yes("hier/Puppy", "hier/Dog");
    no("hier/Animal", "hier/Dog");
    no("hier/Dog", "hier/Cat");
    no("hier/p2/B", "hier/p1/C");
    // Interfaces: directly, through superinterfaces and superclasses.
    yes("hier/Dog", "hier/Pet");
    yes("hier/Puppy", "hier/Pet");
    yes("hier/Puppy", "hier/Named");
    yes("hier/Cat", "hier/Named");
    no("hier/Cat", "hier/Pet");
    no("hier/Robot", "hier/Pet");
    yes("hier/Pet", "hier/Named");
    no("hier/Named", "hier/Pet");
    yes("hier/Named", "java/lang/Object");
    // An interface is not assignable to a class other than Object.
    no("hier/Pet", "hier/Dog");
    no("hier/Named", "hier/Animal");
    yes("java/util/ArrayList", "java/lang/Iterable");
    yes("java/util/ArrayList", "java/util/RandomAccess");
    no("java/util/LinkedList", "java/util/RandomAccess");
    yes("java/lang/String", "java/lang/CharSequence");
    yes("java/lang/String", "java/lang/Comparable");
    yes("hier/MyList", "java/util/Collection");
    yes("hier/MyList", "java/util/AbstractCollection");
    no("hier/MyList", "java/util/Set");
    // A class and an interface of another module.
    no("java/util/ArrayList", "java/sql/Connection");
}

#[test]
fn assignability_of_arrays() {
    let cp = fixture_classpath();
    let yes = |a: &str, b: &str| assert!(cp.is_assignable(a, b).unwrap(), "{a} to {b}");
    let no = |a: &str, b: &str| assert!(!cp.is_assignable(a, b).unwrap(), "not {a} to {b}");
    yes("[Ljava/lang/String;", "[Ljava/lang/Object;");
    yes("[Ljava/lang/String;", "[Ljava/lang/CharSequence;");
    yes("[Ljava/lang/String;", "java/lang/Object");
    yes("[Ljava/lang/String;", "java/lang/Cloneable");
    yes("[Ljava/lang/String;", "java/io/Serializable");
    no("[Ljava/lang/String;", "java/lang/Comparable");
    no("[Ljava/lang/String;", "java/lang/String");
    no("[Ljava/lang/Object;", "[Ljava/lang/String;");
    no("[Ljava/lang/String;", "[Ljava/lang/Integer;");
    yes("[Lhier/Puppy;", "[Lhier/Named;");
    yes("[Lhier/Puppy;", "[Lhier/Animal;");
    no("[Lhier/Animal;", "[Lhier/Puppy;");
    yes("[I", "[I");
    yes("[I", "java/lang/Object");
    yes("[I", "java/lang/Cloneable");
    yes("[I", "java/io/Serializable");
    no("[I", "[J");
    no("[I", "[Ljava/lang/Object;");
    no("[I", "[Ljava/lang/Integer;");
    no("[Ljava/lang/Integer;", "[I");
    no("[I", "[[I");
    yes("[[I", "[Ljava/lang/Object;");
    yes("[[I", "[Ljava/lang/Cloneable;");
    yes("[[I", "[Ljava/io/Serializable;");
    no("[[I", "[Ljava/lang/Integer;");
    no("[[I", "[[J");
    no("[[I", "[[Ljava/lang/Object;");
    yes("[[Ljava/lang/String;", "[[Ljava/lang/CharSequence;");
    yes("[[Ljava/lang/String;", "[Ljava/lang/Object;");
    yes("[[Ljava/lang/String;", "[Ljava/lang/Cloneable;");
    yes("[[[Ljava/lang/String;", "[[Ljava/lang/Object;");
    // Non-arrays are never arrays.
    no("java/lang/Object", "[I");
    no("java/lang/Cloneable", "[I");
    no("java/io/Serializable", "[Ljava/lang/Object;");
    no("java/lang/String", "[Ljava/lang/String;");
}

#[test]
fn common_superclasses() {
    let cp = fixture_classpath();
    let common = |a: &str, b: &str| cp.common_superclass(a, b).unwrap();
    assert_eq!(
        common("java/lang/Integer", "java/lang/Long"),
        "java/lang/Number"
    );
    assert_eq!(
        common("java/lang/String", "java/lang/Integer"),
        "java/lang/Object"
    );
    assert_eq!(
        common("java/lang/Integer", "java/lang/Integer"),
        "java/lang/Integer"
    );
    assert_eq!(
        common("java/lang/Integer", "java/lang/Number"),
        "java/lang/Number"
    );
    assert_eq!(
        common("java/lang/Number", "java/lang/Integer"),
        "java/lang/Number"
    );
    assert_eq!(
        common("java/util/ArrayList", "java/util/LinkedList"),
        "java/util/AbstractList"
    );
    assert_eq!(common("hier/Dog", "hier/Cat"), "hier/Animal");
    assert_eq!(common("hier/Puppy", "hier/Bird"), "hier/Animal");
    assert_eq!(common("hier/Puppy", "hier/Dog"), "hier/Dog");
    assert_eq!(common("hier/Dog", "hier/Puppy"), "hier/Dog");
    assert_eq!(common("hier/p2/E", "hier/p1/C"), "hier/p1/A");
    assert_eq!(common("hier/Robot", "hier/Dog"), "java/lang/Object");
    // Interfaces count as Object, even when both sides implement them.
    assert_eq!(common("hier/Named", "hier/Dog"), "java/lang/Object");
    assert_eq!(common("hier/Dog", "hier/Named"), "java/lang/Object");
    assert_eq!(common("hier/Pet", "hier/Named"), "java/lang/Object");
    assert_eq!(
        common("java/util/List", "java/util/ArrayList"),
        "java/lang/Object"
    );
    // Arrays, element-wise for references.
    assert_eq!(
        common("[Ljava/lang/Integer;", "[Ljava/lang/Long;"),
        "[Ljava/lang/Number;"
    );
    assert_eq!(
        common("[Ljava/lang/String;", "[Ljava/lang/Integer;"),
        "[Ljava/lang/Object;"
    );
    assert_eq!(common("[Lhier/Dog;", "[Lhier/Cat;"), "[Lhier/Animal;");
    assert_eq!(
        common("[[Ljava/lang/Integer;", "[[Ljava/lang/Long;"),
        "[[Ljava/lang/Number;"
    );
    assert_eq!(common("[I", "[I"), "[I");
    assert_eq!(common("[I", "[J"), "java/lang/Object");
    assert_eq!(common("[I", "[Ljava/lang/Integer;"), "java/lang/Object");
    assert_eq!(common("[[I", "[Ljava/lang/String;"), "[Ljava/lang/Object;");
    assert_eq!(common("[[I", "[[J"), "[Ljava/lang/Object;");
    assert_eq!(common("[I", "java/lang/String"), "java/lang/Object");
    assert_eq!(common("java/lang/String", "[I"), "java/lang/Object");
}

// ---------------------------------------------------------- field resolution

#[test]
fn field_resolution() {
    let cp = fixture_classpath();
    let owner = |class: &str, field: &str| {
        cp.resolve_field(class, field)
            .unwrap()
            .map(|f| (f.class.name.clone(), f.member.name))
    };
    let found = |c: &str, f: &str| Some((c.to_string(), f.to_string()));
    // Inherited from the superclass.
    assert_eq!(owner("hier/FSub", "label"), found("hier/FBase", "label"));
    // A static field is inherited too.
    assert_eq!(owner("hier/FSub", "count"), found("hier/FBase", "count"));
    // Interface constants, directly and through a superinterface.
    assert_eq!(owner("hier/FSub", "LIMIT"), found("hier/Consts", "LIMIT"));
    assert_eq!(owner("hier/FSub", "BASE"), found("hier/BaseConsts", "BASE"));
    assert_eq!(
        owner("hier/Consts", "BASE"),
        found("hier/BaseConsts", "BASE")
    );
    // Superinterfaces are searched before the superclass (JVMS §5.4.3.2).
    assert_eq!(owner("hier/FSub", "SHARED"), found("hier/Consts", "SHARED"));
    assert_eq!(owner("hier/FBase", "SHARED"), found("hier/FBase", "SHARED"));
    // A hidden field: each class sees its own.
    assert_eq!(owner("hier/FSub", "x"), found("hier/FSub", "x"));
    assert_eq!(owner("hier/FBase", "x"), found("hier/FBase", "x"));
    assert_eq!(owner("hier/FSub", "nope"), None);
    assert_eq!(owner("hier/FBase", "LIMIT"), None);
    // Through a JDK superclass.
    assert_eq!(
        owner("hier/MyList", "modCount"),
        found("java/util/AbstractList", "modCount")
    );

    let limit = cp.resolve_field("hier/FSub", "LIMIT").unwrap().unwrap();
    assert!(limit.member.is_static());
    assert_eq!(limit.member.ty.descriptor(), "I");
    let y = cp.resolve_field("hier/FSub", "y").unwrap().unwrap();
    assert_eq!(y.member.ty.descriptor(), "J");
}

#[test]
fn instance_fields_superclass_first_without_statics() {
    let cp = fixture_classpath();
    let fields: Vec<(String, String, String)> = cp
        .instance_fields("hier/FSub")
        .unwrap()
        .into_iter()
        .map(|f| {
            (
                f.class.name.clone(),
                f.member.name,
                f.member.ty.descriptor(),
            )
        })
        .collect();
    let expect = |v: &[(&str, &str, &str)]| {
        v.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        fields,
        expect(&[
            ("hier/FBase", "x", "I"),
            ("hier/FBase", "label", "Ljava/lang/String;"),
            ("hier/FBase", "SHARED", "I"),
            ("hier/FSub", "x", "I"),
            ("hier/FSub", "y", "J"),
        ])
    );
    assert!(cp.instance_fields("hier/Dog").unwrap().is_empty());
    assert!(cp.instance_fields("java/lang/Object").unwrap().is_empty());
    // An interface's constants are not instance fields.
    assert!(cp.instance_fields("hier/Consts").unwrap().is_empty());
}

// --------------------------------------------- method resolution, selection

#[test]
fn overrides_in_an_abstract_hierarchy() {
    let cp = fixture_classpath();
    let sound = resolve(&cp, "hier/Animal", "sound", STRING);
    assert_eq!(sound.class.name, "hier/Animal");
    assert!(sound.member.is_abstract());
    let s = |r: &str| select(&cp, r, &sound);
    assert_eq!(
        s("hier/Dog").as_deref(),
        Some("hier/Dog.sound()Ljava/lang/String;")
    );
    assert_eq!(
        s("hier/Cat").as_deref(),
        Some("hier/Cat.sound()Ljava/lang/String;")
    );
    assert_eq!(
        s("hier/Bird").as_deref(),
        Some("hier/Bird.sound()Ljava/lang/String;")
    );
    assert_eq!(
        s("hier/Puppy").as_deref(),
        Some("hier/Dog.sound()Ljava/lang/String;")
    );
    // Only abstract: AbstractMethodError.
    assert_eq!(s("hier/Animal"), None);

    let describe = resolve(&cp, "hier/Animal", "describe", STRING);
    let d = |r: &str| select(&cp, r, &describe);
    assert_eq!(
        d("hier/Dog").as_deref(),
        Some("hier/Dog.describe()Ljava/lang/String;")
    );
    assert_eq!(
        d("hier/Cat").as_deref(),
        Some("hier/Animal.describe()Ljava/lang/String;")
    );
    assert_eq!(
        d("hier/Bird").as_deref(),
        Some("hier/Bird.describe()Ljava/lang/String;")
    );
    assert_eq!(
        d("hier/Puppy").as_deref(),
        Some("hier/Dog.describe()Ljava/lang/String;")
    );

    // Resolution walks up the superclasses.
    assert_eq!(
        show(&Some(resolve(&cp, "hier/Puppy", "sound", STRING))).as_deref(),
        Some("hier/Dog.sound()Ljava/lang/String;")
    );
    assert_eq!(
        show(&Some(resolve(&cp, "hier/Cat", "describe", STRING))).as_deref(),
        Some("hier/Animal.describe()Ljava/lang/String;")
    );
    let to_string = resolve(&cp, "hier/Puppy", "toString", STRING);
    assert_eq!(to_string.class.name, "java/lang/Object");
    assert_eq!(
        select(&cp, "hier/Puppy", &to_string).as_deref(),
        Some("java/lang/Object.toString()Ljava/lang/String;")
    );
    // A JDK override.
    let to_string = resolve(&cp, "java/lang/Object", "toString", STRING);
    assert_eq!(
        select(&cp, "java/lang/Integer", &to_string).as_deref(),
        Some("java/lang/Integer.toString()Ljava/lang/String;")
    );
    assert!(cp
        .resolve_method("hier/Dog", "bark", "()V")
        .unwrap()
        .is_none());
    // The descriptor matters.
    assert!(cp
        .resolve_method("hier/Dog", "sound", "()V")
        .unwrap()
        .is_none());
}

#[test]
fn interface_method_selected_in_the_class_hierarchy() {
    let cp = fixture_classpath();
    let name = cp
        .resolve_interface_method("hier/Named", "name", STRING)
        .unwrap()
        .unwrap();
    assert_eq!(name.class.name, "hier/Named");
    assert!(name.member.is_abstract());
    let s = |r: &str| select(&cp, r, &name);
    assert_eq!(
        s("hier/Dog").as_deref(),
        Some("hier/Animal.name()Ljava/lang/String;")
    );
    assert_eq!(
        s("hier/Puppy").as_deref(),
        Some("hier/Animal.name()Ljava/lang/String;")
    );
    assert_eq!(
        s("hier/Robot").as_deref(),
        Some("hier/Robot.name()Ljava/lang/String;")
    );
    // Abstract class without an implementation.
    assert_eq!(s("hier/Machine"), None);
    // Resolved through a superinterface.
    let via_pet = cp
        .resolve_interface_method("hier/Pet", "name", STRING)
        .unwrap();
    assert_eq!(
        show(&via_pet).as_deref(),
        Some("hier/Named.name()Ljava/lang/String;")
    );
    // A method reference to a class may resolve to an interface's method.
    let via_machine = cp.resolve_method("hier/Machine", "name", STRING).unwrap();
    assert_eq!(
        show(&via_machine).as_deref(),
        Some("hier/Named.name()Ljava/lang/String;")
    );
}

#[test]
fn default_methods() {
    let cp = fixture_classpath();
    let greet = cp
        .resolve_interface_method("hier/Greeter", "greet", STRING)
        .unwrap()
        .unwrap();
    assert_eq!(greet.class.name, "hier/Greeter");
    assert!(!greet.member.is_abstract());
    let s = |r: &str| select(&cp, r, &greet);
    // Inherited default.
    assert_eq!(
        s("hier/Plain").as_deref(),
        Some("hier/Greeter.greet()Ljava/lang/String;")
    );
    // Overridden in the class.
    assert_eq!(
        s("hier/Custom").as_deref(),
        Some("hier/Custom.greet()Ljava/lang/String;")
    );
    // The maximally specific default: the subinterface's.
    assert_eq!(
        s("hier/Loud").as_deref(),
        Some("hier/LoudGreeter.greet()Ljava/lang/String;")
    );
    // A superclass's method comes before any default.
    assert_eq!(
        s("hier/GreetSub").as_deref(),
        Some("hier/GreetBase.greet()Ljava/lang/String;")
    );
    // Re-abstracted by a subinterface: Greeter's default is not maximally
    // specific any more, so there is nothing to run.
    assert_eq!(s("hier/Quiet"), None);

    // Resolution from the class picks the same methods.
    let r = |c: &str| show(&cp.resolve_method(c, "greet", STRING).unwrap());
    assert_eq!(
        r("hier/Plain").as_deref(),
        Some("hier/Greeter.greet()Ljava/lang/String;")
    );
    assert_eq!(
        r("hier/Loud").as_deref(),
        Some("hier/LoudGreeter.greet()Ljava/lang/String;")
    );
    assert_eq!(
        r("hier/Quiet").as_deref(),
        Some("hier/QuietGreeter.greet()Ljava/lang/String;")
    );
    assert_eq!(
        r("hier/GreetSub").as_deref(),
        Some("hier/GreetBase.greet()Ljava/lang/String;")
    );
    let loud = resolve(&cp, "hier/Loud", "greet", STRING);
    assert_eq!(
        select(&cp, "hier/Loud", &loud).as_deref(),
        Some("hier/LoudGreeter.greet()Ljava/lang/String;")
    );
    let quiet = resolve(&cp, "hier/Quiet", "greet", STRING);
    assert!(quiet.member.is_abstract());

    // A JDK default through a JDK superinterface.
    let for_each = cp
        .resolve_interface_method(
            "java/util/List",
            "forEach",
            "(Ljava/util/function/Consumer;)V",
        )
        .unwrap();
    assert_eq!(
        show(&for_each).as_deref(),
        Some("java/lang/Iterable.forEach(Ljava/util/function/Consumer;)V")
    );
    assert_eq!(
        select(&cp, "hier/MyList", &for_each.unwrap()).as_deref(),
        Some("java/lang/Iterable.forEach(Ljava/util/function/Consumer;)V")
    );
}

#[test]
fn conflicting_defaults_from_separate_compilation() {
    // Left and Right both get a default who() only after Both was compiled:
    // resolution succeeds with either (JVMS §5.4.3.3 step 3, "arbitrarily
    // chosen"), selection fails (IncompatibleClassChangeError).
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let out = tmp.path().join("out");
    compile_inline(
        tmp.path(),
        &out,
        &[
            (
                "conflict/Left.java",
                "package conflict; public interface Left { default String who() { return \"left\"; } }",
            ),
            ("conflict/Right.java", "package conflict; public interface Right {}"),
            (
                "conflict/Both.java",
                "package conflict; public class Both implements Left, Right {}",
            ),
        ],
    );
    compile_inline(
        tmp.path(),
        &out,
        &[(
            "conflict/Right.java",
            "package conflict; public interface Right { default String who() { return \"right\"; } }",
        )],
    );
    let cp = classpath(&[&out]);
    assert!(cp
        .load("conflict/Right")
        .unwrap()
        .method("who", STRING)
        .is_some());

    let resolved = cp
        .resolve_method("conflict/Both", "who", STRING)
        .unwrap()
        .expect("resolution chooses one of the defaults");
    assert!(["conflict/Left", "conflict/Right"].contains(&resolved.class.name.as_str()));
    assert_eq!(select(&cp, "conflict/Both", &resolved), None);
    let left = cp
        .resolve_interface_method("conflict/Left", "who", STRING)
        .unwrap()
        .unwrap();
    assert_eq!(select(&cp, "conflict/Both", &left), None);
}

#[test]
fn private_methods_are_selected_as_resolved() {
    let cp = fixture_classpath();
    let hidden = resolve(&cp, "hier/Secret", "hidden", "()I");
    assert!(hidden.member.is_private());
    assert_eq!(hidden.class.name, "hier/Secret");
    // SubSecret's public hidden() does not override the private one.
    assert_eq!(
        select(&cp, "hier/SubSecret", &hidden).as_deref(),
        Some("hier/Secret.hidden()I")
    );
    assert_eq!(
        select(&cp, "hier/Secret", &hidden).as_deref(),
        Some("hier/Secret.hidden()I")
    );
    // From the subclass, its own method resolves.
    let sub = resolve(&cp, "hier/SubSecret", "hidden", "()I");
    assert_eq!(sub.class.name, "hier/SubSecret");
    assert_eq!(
        select(&cp, "hier/SubSecret", &sub).as_deref(),
        Some("hier/SubSecret.hidden()I")
    );
}

#[test]
fn package_private_methods_are_overridden_only_in_their_package() {
    let cp = fixture_classpath();
    let m = resolve(&cp, "hier/p1/A", "m", "()V");
    assert_eq!(m.class.name, "hier/p1/A");
    let s = |r: &str| select(&cp, r, &m);
    assert_eq!(s("hier/p1/A").as_deref(), Some("hier/p1/A.m()V"));
    // Another package: B.m does not override A.m.
    assert_eq!(s("hier/p2/B").as_deref(), Some("hier/p1/A.m()V"));
    // Same package.
    assert_eq!(s("hier/p1/C").as_deref(), Some("hier/p1/C.m()V"));
    assert_eq!(s("hier/p1/D").as_deref(), Some("hier/p1/D.m()V"));
    // E.m overrides D.m, which overrides A.m (JVMS §5.4.5, the transitive case).
    assert_eq!(s("hier/p2/E").as_deref(), Some("hier/p2/E.m()V"));
    assert_eq!(s("hier/p2/F").as_deref(), Some("hier/p1/D.m()V"));
    // B.m resolved from B is B's, and selected for B.
    let bm = resolve(&cp, "hier/p2/B", "m", "()V");
    assert_eq!(bm.class.name, "hier/p2/B");
    assert_eq!(
        select(&cp, "hier/p2/B", &bm).as_deref(),
        Some("hier/p2/B.m()V")
    );
}

#[test]
fn interface_method_resolution_finds_public_object_methods() {
    let cp = fixture_classpath();
    let r = |i: &str, n: &str, d: &str| show(&cp.resolve_interface_method(i, n, d).unwrap());
    assert_eq!(
        r("hier/Named", "toString", STRING).as_deref(),
        Some("java/lang/Object.toString()Ljava/lang/String;")
    );
    assert_eq!(
        r("hier/Pet", "hashCode", "()I").as_deref(),
        Some("java/lang/Object.hashCode()I")
    );
    assert_eq!(
        r("hier/Named", "getClass", "()Ljava/lang/Class;").as_deref(),
        Some("java/lang/Object.getClass()Ljava/lang/Class;")
    );
    // Not protected ones.
    assert_eq!(r("hier/Named", "clone", "()Ljava/lang/Object;"), None);
    assert_eq!(r("hier/Named", "finalize", "()V"), None);
    // The interface's own declaration comes first: List redeclares hashCode.
    assert_eq!(
        r("java/util/List", "hashCode", "()I").as_deref(),
        Some("java/util/List.hashCode()I")
    );
    assert_eq!(r("hier/Named", "nope", "()V"), None);

    let to_string = cp
        .resolve_interface_method("hier/Named", "toString", STRING)
        .unwrap()
        .unwrap();
    assert_eq!(
        select(&cp, "hier/Robot", &to_string).as_deref(),
        Some("java/lang/Object.toString()Ljava/lang/String;")
    );
    assert_eq!(
        select(&cp, "java/lang/String", &to_string).as_deref(),
        Some("java/lang/String.toString()Ljava/lang/String;")
    );
}

#[test]
fn array_methods_are_objects() {
    let cp = fixture_classpath();
    for array in ["[I", "[Ljava/lang/String;", "[[J"] {
        let clone = cp
            .resolve_method(array, "clone", "()Ljava/lang/Object;")
            .unwrap();
        assert_eq!(
            show(&clone).as_deref(),
            Some("java/lang/Object.clone()Ljava/lang/Object;"),
            "{array}"
        );
        assert_eq!(
            select(&cp, array, &clone.unwrap()).as_deref(),
            Some("java/lang/Object.clone()Ljava/lang/Object;")
        );
        let hash = resolve(&cp, array, "hashCode", "()I");
        assert_eq!(hash.class.name, "java/lang/Object");
        assert!(cp.resolve_method(array, "length", "()I").unwrap().is_none());
    }
}

// ----------------------------------------------------------- known subtypes

#[test]
fn known_and_concrete_subtypes_of_a_class() {
    let cp = fixture_classpath();
    assert_eq!(
        cp.known_subtypes("hier/Animal").unwrap(),
        strings(&[
            "hier/Animal",
            "hier/Bird",
            "hier/Cat",
            "hier/Dog",
            "hier/Puppy"
        ])
    );
    assert_eq!(
        cp.concrete_subtypes("hier/Animal").unwrap(),
        strings(&["hier/Bird", "hier/Cat", "hier/Dog", "hier/Puppy"])
    );
    assert_eq!(
        cp.known_subtypes("hier/Dog").unwrap(),
        strings(&["hier/Dog", "hier/Puppy"])
    );
    assert_eq!(
        cp.known_subtypes("hier/Puppy").unwrap(),
        strings(&["hier/Puppy"])
    );
    assert_eq!(
        cp.known_subtypes("hier/p1/A").unwrap(),
        strings(&[
            "hier/p1/A",
            "hier/p1/C",
            "hier/p1/D",
            "hier/p2/B",
            "hier/p2/E",
            "hier/p2/F"
        ])
    );
    // Every user class and interface is an Object.
    assert_eq!(
        cp.known_subtypes("java/lang/Object").unwrap(),
        fixture_class_names()
    );
    let concrete_objects = cp.concrete_subtypes("java/lang/Object").unwrap();
    assert!(concrete_objects.contains(&"hier/Robot".to_string()));
    assert!(!concrete_objects.contains(&"hier/Animal".to_string()));
    assert!(!concrete_objects.contains(&"hier/Named".to_string()));
    assert!(cp.known_subtypes("hier/Nope").unwrap().is_empty());
}

#[test]
fn known_and_concrete_subtypes_of_an_interface() {
    let cp = fixture_classpath();
    // Through a subinterface (Pet), an abstract implementor (Animal) and
    // subclasses of implementors (Cat, Puppy).
    assert_eq!(
        cp.known_subtypes("hier/Named").unwrap(),
        strings(&[
            "hier/Animal",
            "hier/Bird",
            "hier/Cat",
            "hier/Dog",
            "hier/Machine",
            "hier/Named",
            "hier/Pet",
            "hier/Puppy",
            "hier/Robot"
        ])
    );
    assert_eq!(
        cp.concrete_subtypes("hier/Named").unwrap(),
        strings(&[
            "hier/Bird",
            "hier/Cat",
            "hier/Dog",
            "hier/Puppy",
            "hier/Robot"
        ])
    );
    assert_eq!(
        cp.known_subtypes("hier/Pet").unwrap(),
        strings(&["hier/Dog", "hier/Pet", "hier/Puppy"])
    );
    assert_eq!(
        cp.known_subtypes("hier/Greeter").unwrap(),
        strings(&[
            "hier/Custom",
            "hier/GreetSub",
            "hier/Greeter",
            "hier/Loud",
            "hier/LoudGreeter",
            "hier/Plain",
            "hier/Quiet",
            "hier/QuietGreeter"
        ])
    );
    assert_eq!(
        cp.concrete_subtypes("hier/Greeter").unwrap(),
        strings(&["hier/Custom", "hier/GreetSub", "hier/Loud", "hier/Plain"])
    );
    // Every known subtype is assignable, and every assignable user class is known.
    for target in [
        "hier/Named",
        "hier/Greeter",
        "hier/Animal",
        "hier/BaseConsts",
    ] {
        let known = cp.known_subtypes(target).unwrap();
        for n in fixture_class_names() {
            assert_eq!(
                known.contains(&n),
                cp.is_assignable(&n, target).unwrap(),
                "{n} as a subtype of {target}"
            );
        }
    }
}

#[test]
fn known_subtypes_of_jdk_types() {
    let cp = fixture_classpath();
    // MyList's only declared supertype is the JDK's AbstractList; it is still
    // a List, a Collection and an Iterable.
    for jdk_type in [
        "java/util/AbstractList",
        "java/util/AbstractCollection",
        "java/util/List",
        "java/util/Collection",
        "java/lang/Iterable",
    ] {
        assert_eq!(
            cp.known_subtypes(jdk_type).unwrap(),
            strings(&["hier/MyList"]),
            "user subtypes of {jdk_type}"
        );
        assert_eq!(
            cp.concrete_subtypes(jdk_type).unwrap(),
            strings(&["hier/MyList"])
        );
    }
    assert!(cp.known_subtypes("java/util/Set").unwrap().is_empty());
    assert!(cp.known_subtypes("java/util/ArrayList").unwrap().is_empty());
}

#[test]
fn known_subtypes_follow_added_entries() {
    let tmp = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let out = tmp.path().join("more");
    compile_inline_with(
        tmp.path(),
        &out,
        &[(
            "more/Cow.java",
            "package more; public class Cow extends hier.Animal { public String sound() { return \"moo\"; } }",
        )],
        Some(fixtures()),
    );
    let mut cp = fixture_classpath();
    assert!(!cp
        .known_subtypes("hier/Animal")
        .unwrap()
        .contains(&"more/Cow".to_string()));
    cp.add(&out).unwrap();
    assert!(cp
        .known_subtypes("hier/Animal")
        .unwrap()
        .contains(&"more/Cow".to_string()));
    assert!(cp
        .concrete_subtypes("hier/Named")
        .unwrap()
        .contains(&"more/Cow".to_string()));
}

/// A real class's BootstrapMethods attribute: `java.util.Comparator`
/// (`comparing`, `thenComparing`, … are serializable lambdas) names
/// `LambdaMetafactory.altMetafactory`,
/// and each `invokedynamic` in it finds its entry by index.
#[test]
fn jdk_comparator_bootstrap_methods_name_the_metafactory() {
    use jaut::classfile::bootstrap::{BootstrapArg, HandleKind};
    use jaut::classfile::bytecode::Op;
    let cp = ClassPath::with_jdk(Some(support::jdk()));
    let cmp = cp.load("java/util/Comparator").unwrap();
    assert!(!cmp.bootstrap_methods.is_empty());
    for bsm in &cmp.bootstrap_methods {
        assert_eq!(bsm.handle.kind, HandleKind::InvokeStatic);
        // Comparator's lambdas are `(Comparator<T> & Serializable)`, hence
        // altMetafactory, whose extra arguments (flags, …) follow these three.
        assert_eq!(
            bsm.handle.qualified_name(),
            "java/lang/invoke/LambdaMetafactory.altMetafactory"
        );
        // samMethodType, implMethod, instantiatedMethodType, flags.
        assert!(bsm.args.len() >= 4, "{bsm}");
        assert!(matches!(bsm.args[3], BootstrapArg::Int(_)), "{bsm}");
        assert!(matches!(bsm.args[0], BootstrapArg::MethodType(_)), "{bsm}");
        assert!(matches!(bsm.args[1], BootstrapArg::Handle(_)), "{bsm}");
        assert!(matches!(bsm.args[2], BootstrapArg::MethodType(_)), "{bsm}");
    }
    let mut sites = 0;
    for m in &cmp.methods {
        let Some(code) = &m.code else { continue };
        for insn in &code.instructions {
            if let Op::InvokeDynamic { bootstrap, .. } = &insn.op {
                assert!(cmp.bootstrap_method(*bootstrap).is_some());
                sites += 1;
            }
        }
    }
    assert!(sites > 0);
}

// ------------------------------------------------------- missing classes

/// commons-text's `WordUtils` calls commons-lang3: on commons-text alone
/// those classes are missing, and the jar beside it that has them is
/// Debian's commons-lang3; with that jar on the class path nothing is.
#[test]
fn classes_a_jar_names_but_lacks_are_found_in_the_jars_beside_it() {
    use jaut::classpath::missing::{jars_holding, missing_classes};
    let text = support::share_jar("commons-text.jar");
    let cp = classpath(&[&text]);
    let word_utils = cp.load("org/apache/commons/text/WordUtils").unwrap();
    let absent = missing_classes(&cp, [word_utils.as_ref()]);
    assert!(
        absent.contains("org/apache/commons/lang3/StringUtils"),
        "{absent:?}"
    );
    assert!(
        absent
            .iter()
            .all(|c| c.starts_with("org/apache/commons/lang3/")),
        "{absent:?}"
    );
    let jars = jars_holding(&absent, &[PathBuf::from("/usr/share/java")]);
    assert_eq!(jars.len(), 1, "{jars:?}");
    assert_eq!(jars[0].0, support::share_jar("commons-lang3.jar"));
    assert_eq!(jars[0].1, absent.len());

    let lang = support::share_jar("commons-lang3.jar");
    let cp = classpath(&[&text, &lang]);
    let word_utils = cp.load("org/apache/commons/text/WordUtils").unwrap();
    assert!(missing_classes(&cp, [word_utils.as_ref()]).is_empty());
}

/// `jaut cover` says so before the run, naming the `--classpath` to add.
#[test]
fn cover_warns_of_missing_classes_and_names_the_jar() {
    let text = support::share_jar("commons-text.jar");
    let out = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "cover",
            text.to_str().unwrap(),
            "--class",
            "org.apache.commons.text.WordUtils",
            "--method",
            "capitalize(Ljava/lang/String;)",
            "--budget",
            "1",
            "--no-check",
            "--force",
            "--out",
            out.path().to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        String::from_utf8_lossy(&support::jaut(&args).stderr).into_owned()
    };
    let stderr = run(&[]);
    assert!(
        stderr.contains("not on the class path (in org.apache.commons.lang3)")
            && stderr.contains("add --classpath /usr/share/java/commons-lang3.jar"),
        "{stderr}"
    );
    let lang = support::share_jar("commons-lang3.jar");
    let stderr = run(&["--classpath", lang.to_str().unwrap()]);
    assert!(!stderr.contains("not on the class path"), "{stderr}");
}
