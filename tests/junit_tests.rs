//! The JUnit writer (issue 5, parts 4–6): for sample targets the search
//! reaches, the state is replayed in the JVM, the test written, compiled
//! with javac against Debian's JUnit jars and run with the JUnit console
//! launcher (JUnit 5) or JUnitCore (JUnit 4) under the JaCoCo agent; the
//! target's line must be covered. A sample with a changed constant makes
//! the regression assertions fail. Also: `--force`, determinism, and
//! snapshots of the generated Java.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};

use jaut::assertions::Assertions;
use jaut::classfile::{Class, Method};
use jaut::classpath::ClassPath;
use jaut::junit::jacoco::Jacoco;
use jaut::junit::{conditions, Flavor, Target, TestSuite};
use jaut::labeling::InputState;
use jaut::program::Program;
use jaut::replay::{Observation, ReplayRequest, Replayer};
use jaut::search::{self, Config, Verdict};
use support::samples;

const LIBS: &str = "/usr/share/java";

fn jar(name: &str) -> String {
    format!("{LIBS}/{name}")
}

/// One target: class (internal name), method name (or name + descriptor), pc.
#[derive(Clone, Copy)]
struct Aim {
    class: &'static str,
    method: &'static str,
    pc: u32,
}

const fn aim(class: &'static str, method: &'static str, pc: u32) -> Aim {
    Aim { class, method, pc }
}

fn find_method<'c>(class: &'c Class, spec: &str) -> &'c Method {
    class
        .methods
        .iter()
        .find(|m| m.name == spec || format!("{}{}", m.name, m.descriptor) == spec)
        .unwrap_or_else(|| panic!("{} has no method {spec}", class.name))
}

/// Everything the writer needs for one target.
struct Reached {
    class: Arc<Class>,
    target: Target,
    state: InputState,
    observation: Observation,
}

/// Search, label and replay one target over the class path `dir`.
fn reach(cp: &Program, replayer: &mut Replayer, a: Aim) -> Reached {
    let class = cp.load(a.class).expect("the class loads");
    let method = find_method(&class, a.method);
    let outcome =
        search::search(cp, &class, method, a.pc, &Config::default()).expect("search runs");
    let Verdict::Reached { state, path } = outcome.verdict else {
        panic!(
            "{}.{} pc {} not reached: {:?}",
            a.class, a.method, a.pc, outcome.verdict
        );
    };
    let observation = replayer
        .replay(&ReplayRequest::new(&class, method, Some(a.pc), &state))
        .unwrap_or_else(|e| panic!("replay of {}.{} failed: {e}", a.class, a.method));
    assert!(
        observation.reached,
        "the replay did not reach {}.{} pc {}",
        a.class, a.method, a.pc
    );
    let target = Target::new(&class, method, a.pc)
        .with_conditions(conditions::key_conditions(cp, &class, method, &path));
    Reached {
        class: class.clone(),
        target,
        state,
        observation,
    }
}

fn classpath_over(dir: &Path) -> Program {
    let mut cp = Program::new(ClassPath::with_jdk(Some(support::jdk())));
    cp.add(dir).expect("classes directory");
    cp
}

/// The tests of `aims` over the classes in `dir`.
fn suite(dir: &Path, aims: &[Aim], flavor: Flavor) -> (TestSuite, Vec<Reached>) {
    let cp = classpath_over(dir);
    let mut replayer =
        Replayer::start(&[dir.to_path_buf()], Assertions::Enabled).expect("the replay JVM starts");
    let mut suite = TestSuite::new(flavor);
    let mut all = Vec::new();
    for a in aims {
        let r = reach(&cp, &mut replayer, *a);
        let started = std::time::Instant::now();
        suite
            .add(&cp, &r.target, &r.state, &r.observation)
            .unwrap_or_else(|e| panic!("writing the test of {}.{}: {e}", a.class, a.method));
        eprintln!(
            "rendered the test of {}.{} pc {} in {:.2} ms",
            a.class,
            a.method,
            a.pc,
            started.elapsed().as_secs_f64() * 1e3
        );
        all.push(r);
    }
    (suite, all)
}

fn jacoco() -> &'static Jacoco {
    static J: OnceLock<Jacoco> = OnceLock::new();
    J.get_or_init(|| {
        Jacoco::prepare(Path::new(env!("CARGO_TARGET_TMPDIR"))).expect("JaCoCo is installed")
    })
}

fn junit_classpath(flavor: Flavor) -> String {
    match flavor {
        Flavor::Junit5 => format!(
            "{}:{}",
            jar("junit-jupiter-api.jar"),
            jar("apiguardian-api.jar")
        ),
        Flavor::Junit4 => format!("{}:{}", jar("junit4.jar"), jar("hamcrest-core.jar")),
    }
}

/// javac's checks of the generated Javadoc: HTML, syntax and references,
/// private members included (not `missing`: test methods need no
/// `@throws`).
const DOCLINT: &str =
    "-Xdoclint:accessibility/private,html/private,reference/private,syntax/private";

/// Compiles the written tests (`--release` 11 or 17, JDK 17's javac) into
/// `out/test-classes`, every warning an error (`-Xlint:all -Werror`, and
/// the Javadoc checked by [`DOCLINT`]).
fn compile_tests(
    files: &[PathBuf],
    classes: &Path,
    out: &Path,
    flavor: Flavor,
    release: &str,
) -> Output {
    let dest = out.join(format!("test-classes-{release}"));
    std::fs::create_dir_all(&dest).unwrap();
    Command::new(support::jdk_tool("javac"))
        .args([
            "--release",
            release,
            "-Xlint:all",
            "-Werror",
            DOCLINT,
            "-encoding",
            "UTF-8",
            "-d",
        ])
        .arg(&dest)
        .arg("-cp")
        .arg(format!("{}:{}", classes.display(), junit_classpath(flavor)))
        .args(files)
        .output()
        .expect("javac runs")
}

/// Runs test class `test` (Java name) from `test_classes` against the
/// classes in `classes`, recording coverage of `includes` into `exec`.
fn run_tests(
    test_classes: &Path,
    classes: &Path,
    test: &str,
    flavor: Flavor,
    exec: Option<(&Path, &str)>,
) -> Output {
    let mut cmd = Command::new(support::jdk_tool("java"));
    if let Some((exec, includes)) = exec {
        cmd.arg(jacoco().agent_option(exec, includes));
    }
    let cp = format!("{}:{}", test_classes.display(), classes.display());
    match flavor {
        Flavor::Junit5 => cmd
            .arg("-jar")
            .arg(jar("junit-platform-console-standalone.jar"))
            .args([
                "--disable-banner",
                "--details=tree",
                "--disable-ansi-colors",
                "-cp",
            ])
            .arg(cp)
            .arg("--select-class")
            .arg(test),
        Flavor::Junit4 => cmd
            .arg("-cp")
            .arg(format!("{cp}:{}", junit_classpath(flavor)))
            .arg("org.junit.runner.JUnitCore")
            .arg(test),
    };
    cmd.output().expect("java runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes, compiles and runs the tests of `aims`, and checks that each
/// target's line is covered. Returns the written sources.
fn accept(aims: &[Aim], flavor: Flavor) -> Vec<(PathBuf, String)> {
    let classes = samples();
    let (suite, reached) = suite(classes, aims, flavor);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("jaut-tests");
    let files = suite.write(&out, false).expect("the tests are written");
    for release in ["11", "17"] {
        let c = compile_tests(&files, classes, dir.path(), flavor, release);
        assert!(
            c.status.success(),
            "javac --release {release} failed:\n{}\n{}",
            text(&c),
            sources(&suite)
        );
        // Warnings would show in the user's build too.
        assert!(!text(&c).contains("warning"), "javac warns:\n{}", text(&c));
    }
    let test_classes = dir.path().join("test-classes-11");
    let mut test_names: Vec<String> = reached
        .iter()
        .map(|r| {
            let pkg = r.target.class.rsplit_once('.').map_or("", |(p, _)| p);
            let name = jaut::junit::test_class_name(&r.target.class);
            if pkg.is_empty() {
                name
            } else {
                format!("{pkg}.{name}")
            }
        })
        .collect();
    test_names.sort();
    test_names.dedup();
    for test in &test_names {
        let exec = dir.path().join(format!("{test}.exec"));
        let includes = reached
            .iter()
            .map(|r| r.target.class.clone())
            .collect::<Vec<_>>()
            .join(":");
        let run = run_tests(
            &test_classes,
            classes,
            test,
            flavor,
            Some((&exec, &includes)),
        );
        assert!(
            run.status.success(),
            "{test} failed:\n{}\n{}",
            text(&run),
            sources(&suite)
        );
        let coverage = jacoco()
            .report(&exec, classes, None)
            .expect("JaCoCo reports");
        for r in reached.iter().filter(|r| {
            let pkg = r.target.class.rsplit_once('.').map_or("", |(p, _)| p);
            test.starts_with(pkg) && test.ends_with(&jaut::junit::test_class_name(&r.target.class))
        }) {
            let source = source_path(&r.class);
            let line = r.target.line.expect("samples have line numbers");
            assert!(
                coverage.is_covered(&source, line.into()),
                "{source} line {line} is not covered by {test}"
            );
        }
    }
    suite.sources()
}

fn source_path(class: &Class) -> String {
    let file = class.source_file.clone().expect("a SourceFile attribute");
    match class.name.rsplit_once('/') {
        Some((pkg, _)) => format!("{pkg}/{file}"),
        None => file,
    }
}

fn sources(suite: &TestSuite) -> String {
    suite
        .sources()
        .into_iter()
        .map(|(p, s)| format!("--- {}\n{s}", p.display()))
        .collect()
}

const MOVE_Y: Aim = aim("coord/Coord", "moveY", 51);
const FOO: Aim = aim("foo/Foo", "foo", 25);
const STATIC_GUARD: Aim = aim("core/Targets", "staticGuard", 8);
const CHECK_POSITIVE: Aim = aim("cfgcases/Throw", "checkPositive", 4);
const PRIVATE_ROTATE_LEFT: Aim = aim("rbtree/PrivateRedBlackTree", "rotateLeft", 66);
/// The eight exits of trityp (samples/README.md).
const TRITYP: [Aim; 8] = [
    aim("trityp/Trityp", "trityp", 12),
    aim("trityp/Trityp", "trityp", 68),
    aim("trityp/Trityp", "trityp", 70),
    aim("trityp/Trityp", "trityp", 77),
    aim("trityp/Trityp", "trityp", 91),
    aim("trityp/Trityp", "trityp", 105),
    aim("trityp/Trityp", "trityp", 119),
    aim("trityp/Trityp", "trityp", 121),
];
/// Input heaps with aliasing and cycles, and new objects in the result.
const HEAPS: [Aim; 8] = [
    aim("lists/DoublyLinkedList", "remove", 39),
    aim("lists/DoublyLinkedList", "remove", 22),
    aim("lists/Node", "insertBefore", 65),
    aim("rbtree/RedBlackTree", "rotateLeft", 66),
    aim("core/Targets", "selfLoop", 8),
    aim("core/Targets", "twoCycle", 19),
    // A new node linked into the receiver; a constructor.
    aim("lists/DoublyLinkedList", "add", 78),
    aim("coord/Coord", "<init>", 9),
];

/// Input arrays (primitive, char, byte, of objects with aliased elements,
/// two parameters aliasing one array), strings, a box and a JDK collection;
/// a box returned as an Object, longs.
const ARRAYS_AND_JDK: [Aim; 12] = [
    aim("arrays/Arrays", "isOneTwoThree", 27),
    aim("arrays/Arrays", "sum", 34),
    aim("arrays/Arrays", "alias", 17),
    aim("arrays/Arrays", "hello", 22),
    aim("arrays/Arrays", "objects", 32),
    aim("arrays/Arrays", "bytes", 13),
    aim("jdk/Inputs", "xFive", 18),
    aim("jdk/Inputs", "greet", 9),
    aim("jdk/Inputs", "boxed", 19),
    aim("jdk/Inputs", "sizeOver3", 8),
    aim("cfgcases/Wide", "ternaryRef", 15),
    aim("cfgcases/Wide", "ternaryLong", 12),
];

#[test]
fn arrays_strings_and_jdk_objects_junit5() {
    let sources = accept(&ARRAYS_AND_JDK, Flavor::Junit5);
    let all: String = sources.iter().map(|(_, s)| s.as_str()).collect();
    eprintln!("{all}");
    assert!(all.contains("int[] xs = {1, 2, 3};"), "{all}");
    assert!(all.contains("char[] cs = {'h', 'i'};"), "{all}");
    assert!(all.contains("Inputs.greet(\"hello\")"), "{all}");
    assert!(
        all.contains("assertEquals(Integer.valueOf(1), result);"),
        "{all}"
    );
}

#[test]
fn arrays_strings_and_jdk_objects_junit4() {
    accept(&ARRAYS_AND_JDK, Flavor::Junit4);
}

#[test]
fn coord_and_statics_junit5() {
    let sources = accept(&[MOVE_Y, FOO, STATIC_GUARD], Flavor::Junit5);
    let all: String = sources.iter().map(|(_, s)| s.as_str()).collect();
    // moveY's result and what it did to its argument.
    assert!(
        all.contains("Coord result = coord.moveY(chrono, 1);"),
        "{all}"
    );
    assert!(all.contains("assertEquals(65536, result.x);"), "{all}");
    assert!(all.contains("assertEquals(0, chrono.time);"), "{all}");
    // The static fields the paths read are set when they are inputs (a
    // setter writes `mode`), and left alone when they hold their initial
    // values (nothing writes `a`: it is 1 in every run).
    assert!(!all.contains("Foo.a ="), "{all}");
    assert!(all.contains("Targets.mode = 7;"), "{all}");
    assert!(all.contains("void foo_line24()"), "{all}");
}

#[test]
fn trityp_every_exit_junit5() {
    let sources = accept(&TRITYP, Flavor::Junit5);
    assert_eq!(sources.len(), 1, "one test class per class under test");
    let text = &sources[0].1;
    assert_eq!(text.matches("@Test").count(), 8, "{text}");
    // One test per target, named by line (lines are unique here).
    for line in [19, 29, 31, 34, 36, 38, 40, 41] {
        assert!(
            text.contains(&format!("void trityp_line{line}()")),
            "{text}"
        );
    }
}

#[test]
fn heaps_with_aliasing_and_cycles_junit5() {
    let sources = accept(&HEAPS, Flavor::Junit5);
    let all: String = sources.iter().map(|(_, s)| s.as_str()).collect();
    // selfLoop: a one-cell cycle is an assignment of a variable to its own field.
    assert!(all.contains("p.next = p;"), "{all}");
    // The node add() created is asserted through a local.
    assert!(
        all.contains("Node doublyLinkedListFirst = doublyLinkedList.first;"),
        "{all}"
    );
    assert!(all.contains("Coord coord = new Coord(0, 0);"), "{all}");
}

#[test]
fn private_fields_through_reflection_junit5() {
    let sources = accept(&[PRIVATE_ROTATE_LEFT], Flavor::Junit5);
    let text = &sources[0].1;
    assert!(
        text.contains("PrivateRedBlackTree.Entry p = allocate(PrivateRedBlackTree.Entry.class);"),
        "{text}"
    );
    // Private fields are set and read through the helpers.
    assert!(
        text.contains("setField(p, PrivateRedBlackTree.Entry.class, \"parent\", "),
        "{text}"
    );
    assert!(text.contains("getField("), "{text}");
}

#[test]
fn thrown_exception_junit5() {
    let sources = accept(&[CHECK_POSITIVE], Flavor::Junit5);
    let text = &sources[0].1;
    assert!(
        text.contains("IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> Throw.checkPositive(0));"),
        "{text}"
    );
    assert!(
        text.contains("assertEquals(\"not positive\", thrown.getMessage());"),
        "{text}"
    );
}

#[test]
fn junit4_flavor() {
    let sources = accept(
        &[
            MOVE_Y,
            CHECK_POSITIVE,
            PRIVATE_ROTATE_LEFT,
            TRITYP[3],
            HEAPS[0],
        ],
        Flavor::Junit4,
    );
    let all: String = sources.iter().map(|(_, s)| s.as_str()).collect();
    assert!(all.contains("import static org.junit.Assert.*;"), "{all}");
    assert!(all.contains("import org.junit.Test;"), "{all}");
    assert!(all.contains("public class CoordJautTest {"), "{all}");
    assert!(!all.contains("jupiter"), "{all}");
}

/// Copies the sources of `package` to a temporary directory, applies
/// `edit` to `file`, and compiles them: the mutant's classes.
fn mutant(package: &str, file: &str, from: &str, to: &str, dir: &Path) -> PathBuf {
    let src = dir.join("src").join(package);
    std::fs::create_dir_all(&src).unwrap();
    let mut sources = Vec::new();
    for s in support::java_files(&support::repo().join("samples/src").join(package)) {
        let mut text = std::fs::read_to_string(&s).unwrap();
        if s.file_name().is_some_and(|n| n == file) {
            assert!(text.contains(from), "{file} has no {from:?}");
            text = text.replacen(from, to, 1);
        }
        let copy = src.join(s.file_name().unwrap());
        std::fs::write(&copy, text).unwrap();
        sources.push(copy);
    }
    let out = dir.join("mutant");
    support::javac(&sources, &out, None);
    out
}

#[test]
fn a_changed_constant_fails_the_regression_assertions() {
    let classes = samples();
    for (aims, package, file, from, to, test) in [
        (
            &[MOVE_Y][..],
            "coord",
            "Coord.java",
            "ytemp = 65536;",
            "ytemp = 65535;",
            "coord.CoordJautTest",
        ),
        (
            &TRITYP[..],
            "trityp",
            "Trityp.java",
            "return 3;",
            "return 5;",
            "trityp.TritypJautTest",
        ),
    ] {
        let (suite, _) = suite(classes, aims, Flavor::Junit5);
        let dir = tempfile::tempdir().unwrap();
        let files = suite.write(&dir.path().join("jaut-tests"), false).unwrap();
        let c = compile_tests(&files, classes, dir.path(), Flavor::Junit5, "11");
        assert!(c.status.success(), "{}", text(&c));
        let tests = dir.path().join("test-classes-11");
        let original = run_tests(&tests, classes, test, Flavor::Junit5, None);
        assert!(original.status.success(), "{}", text(&original));
        let changed = mutant(package, file, from, to, dir.path());
        let run = run_tests(&tests, &changed, test, Flavor::Junit5, None);
        assert!(
            !run.status.success(),
            "the tests pass on the mutant:\n{}",
            text(&run)
        );
        let out = text(&run);
        assert!(
            out.contains("AssertionFailedError") || out.contains("expected: <"),
            "{out}"
        );
        // Only the assertion that sees the changed value fails.
        assert!(out.contains("1 tests failed"), "{out}");
    }
}

#[test]
fn existing_files_are_kept_without_force() {
    let (suite, _) = suite(samples(), &[MOVE_Y], Flavor::Junit5);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("jaut-tests");
    let written = suite.write(&out, false).unwrap();
    assert_eq!(written, vec![out.join("coord/CoordJautTest.java")]);
    std::fs::write(&written[0], "// the user's edits\n").unwrap();
    let err = suite.write(&out, false).unwrap_err();
    assert!(
        err.to_string()
            .contains("exists; use --force to overwrite it"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&written[0]).unwrap(),
        "// the user's edits\n"
    );
    suite.write(&out, true).unwrap();
    assert!(std::fs::read_to_string(&written[0])
        .unwrap()
        .contains("class CoordJautTest"));
}

#[test]
fn the_same_run_writes_the_same_bytes() {
    let aims = [
        MOVE_Y,
        PRIVATE_ROTATE_LEFT,
        HEAPS[2],
        TRITYP[4],
        CHECK_POSITIVE,
    ];
    let (a, _) = suite(samples(), &aims, Flavor::Junit5);
    // The second run adds the targets in another order, from a fresh JVM.
    let mut reversed = aims;
    reversed.reverse();
    let (b, _) = suite(samples(), &reversed, Flavor::Junit5);
    let dir = tempfile::tempdir().unwrap();
    let fa = a.write(&dir.path().join("a"), false).unwrap();
    let fb = b.write(&dir.path().join("b"), false).unwrap();
    assert_eq!(fa.len(), fb.len());
    for (x, y) in fa.iter().zip(&fb) {
        assert_eq!(
            std::fs::read(x).unwrap(),
            std::fs::read(y).unwrap(),
            "{} differs",
            x.display()
        );
    }
}

#[test]
fn snapshots() {
    let (suite5, _) = suite(
        samples(),
        &[MOVE_Y, PRIVATE_ROTATE_LEFT, HEAPS[0]],
        Flavor::Junit5,
    );
    for (path, source) in suite5.sources() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("junit5_{name}"), source);
    }
    let (suite4, _) = suite(samples(), &[CHECK_POSITIVE], Flavor::Junit4);
    for (path, source) in suite4.sources() {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("junit4_{name}"), source);
    }
}

#[test]
fn the_default_flow_writes_the_test() {
    let coord = support::sample_class("coord/Coord");
    let coord = coord.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let out_s = out.to_str().unwrap();
    let file = out.join("coord/CoordJautTest.java");
    let aim = [coord, "--method", "moveY", "--pc", "51", "--out", out_s];

    writes_test(&aim, &file);
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("void moveY_line30()") && written.contains("org.junit.jupiter"));

    // A file jaut did not write is never touched: one error line, exit 2,
    // before the search (no target output).
    std::fs::write(&file, "// mine\n").unwrap();
    let again = support::jaut(&aim);
    assert_eq!(again.status.code(), Some(2), "{}", text(&again));
    let err = support::stderr(&again);
    assert_eq!(
        err,
        format!(
            "jaut: error: {} was not written by jaut (no jaut header); move it away or use --force to replace it\n",
            file.display()
        )
    );
    assert!(support::stdout(&again).is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "// mine\n");

    let forced = support::jaut(&[&aim[..], &["--force", "--junit4"]].concat());
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced));
    let junit4 = std::fs::read_to_string(&file).unwrap();
    assert!(
        junit4.contains("import org.junit.Test;") && junit4.contains("public void moveY_line30()")
    );

    // JSON names the file; without a replay no test is written.
    let json = support::jaut(&[&aim[..], &["--force", "--format", "json"]].concat());
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["test"], serde_json::json!(file.display().to_string()));
    let other = dir.path().join("none");
    let skipped = support::jaut(&[
        coord,
        "--method",
        "moveY",
        "--pc",
        "51",
        "--no-replay",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert_eq!(skipped.status.code(), Some(0), "{}", text(&skipped));
    assert!(support::stdout(&skipped)
        .contains("test     not written: without a replay there is nothing to assert"));
    assert!(!other.exists());
}

/// Aim, read, aim again: tests of one class accumulate in one test class
/// (the same target replaces its own test), which compiles and passes; a
/// test class of the other flavour is refused before the search.
#[test]
fn tests_of_one_class_accumulate() {
    let coord = support::sample_class("coord/Coord");
    let coord = coord.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let out_s = out.to_str().unwrap();
    let file = out.join("coord/CoordJautTest.java");
    let aim = |pc: &str, extra: &[&str]| {
        let mut args = vec![coord, "--method", "moveY", "--pc", pc, "--out", out_s];
        args.extend_from_slice(extra);
        support::jaut(&args)
    };
    for pc in ["51", "36", "51"] {
        let o = aim(pc, &[]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    }
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.matches("@Test").count(), 2, "{written}");
    assert!(written.contains("void moveY_line30()"), "{written}");
    assert!(written.contains("void moveY_line27()"), "{written}");
    let r = compile_and_run(&file, dir.path(), "coord.CoordJautTest", Flavor::Junit5);
    assert!(text(&r).contains("2 tests successful"), "{}", text(&r));

    let other = aim("51", &["--junit4"]);
    assert_eq!(other.status.code(), Some(2), "{}", text(&other));
    assert!(support::stderr(&other).contains("holds JUnit 5 tests"));
    assert!(support::stdout(&other).is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), written);
}

/// Varargs of every kind (a primitive array, an object array, an array
/// after another parameter): the replay passes the state's array as it is
/// (null included) and the test calls the method the same way, so every
/// test passes; the class compiles under `-Xlint:all -Werror` (no javac
/// varargs warning).
#[test]
fn varargs_calls_pass_the_array_as_it_is() {
    let varargs = support::sample_class("arrays/Varargs");
    let varargs = varargs.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let out_s = out.to_str().unwrap();
    for (method, pc) in [
        ("count", "4"),
        ("count", "13"),
        ("first", "4"),
        ("first", "17"),
        ("sum", "4"),
        ("sum", "22"),
    ] {
        let o = support::jaut(&[varargs, "-m", method, "--pc", pc, "--out", out_s]);
        assert_eq!(o.status.code(), Some(0), "{method} pc {pc}: {}", text(&o));
        assert!(
            support::stdout(&o).contains(&format!("replay   confirmed: the JVM executed pc {pc}")),
            "{}",
            text(&o)
        );
    }
    let file = out.join("arrays/VarargsJautTest.java");
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.matches("@Test").count(), 6, "{written}");
    for release in ["11", "17"] {
        let dest = dir.path().join(format!("classes-{release}"));
        std::fs::create_dir_all(&dest).unwrap();
        let c = Command::new(support::jdk_tool("javac"))
            .args(["--release", release, "-Xlint:all", "-Werror", DOCLINT, "-d"])
            .arg(&dest)
            .arg("-cp")
            .arg(format!(
                "{}:{}",
                support::samples().display(),
                junit_classpath(Flavor::Junit5)
            ))
            .arg(&file)
            .output()
            .unwrap();
        assert!(c.status.success(), "{}\n{written}", text(&c));
    }
    let r = run_tests(
        &dir.path().join("classes-17"),
        support::samples(),
        "arrays.VarargsJautTest",
        Flavor::Junit5,
        None,
    );
    assert!(r.status.success(), "{}\n{written}", text(&r));
    assert!(text(&r).contains("6 tests successful"), "{}", text(&r));
}

/// A test class whose only test asserts nothing (a constructor of a class
/// without fields) has no unused import: no static import of the
/// assertions. It compiles under `-Xlint:all -Werror` and passes.
#[test]
fn a_class_without_assertions_imports_none() {
    let throw = support::sample_class("cfgcases/Throw");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let file = out.join("cfgcases/ThrowJautTest.java");
    let o = writes_test(
        &[
            throw.to_str().unwrap(),
            "-m",
            "<init>",
            "--pc",
            "0",
            "--out",
            out.to_str().unwrap(),
        ],
        &file,
    );
    assert!(o.status.success());
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("new Throw();"), "{written}");
    assert!(!written.contains("        assert"), "{written}");
    assert!(!written.contains("import static"), "{written}");
    assert!(written.contains("import org.junit.jupiter.api.Test;"));
    compile_and_run(&file, dir.path(), "cfgcases.ThrowJautTest", Flavor::Junit5);
}

/// `--throws` goes through the same flow as `--pc`: the replay must see
/// the exception leave the method, and the test written (JUnit 5 and 4,
/// `--out`, `--force`) asserts it with `assertThrows` and passes.
#[test]
fn the_throws_flow_writes_a_test_that_asserts_the_exception() {
    let throw = support::sample_class("cfgcases/Throw");
    let throw = throw.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let out_s = out.to_str().unwrap();
    let file = out.join("cfgcases/ThrowJautTest.java");
    let aim = [
        throw,
        "-m",
        "checkPositive",
        "--throws",
        "java.lang.IllegalArgumentException",
        "--out",
        out_s,
    ];
    writes_test(&aim, &file);
    // The same target again replaces its own test only.
    let once = std::fs::read_to_string(&file).unwrap();
    let again = support::jaut(&aim);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), once);
    for (flavor, extra) in [(Flavor::Junit5, None), (Flavor::Junit4, Some("--junit4"))] {
        let mut args = aim.to_vec();
        args.push("--force");
        args.extend(extra);
        let o = support::jaut(&args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let written = std::fs::read_to_string(&file).unwrap();
        assert!(
            written.contains("assertThrows") || written.contains("expected ="),
            "{written}"
        );
        assert!(written.contains("IllegalArgumentException"), "{written}");
        compile_and_run(&file, dir.path(), "cfgcases.ThrowJautTest", flavor);
    }
}

/// Compiles one written test class (`--release 17`) against the samples
/// under `dir` and runs it; it must compile and pass.
fn compile_and_run(file: &Path, dir: &Path, test: &str, flavor: Flavor) -> Output {
    let classes = support::samples();
    let c = compile_tests(&[file.to_path_buf()], classes, dir, flavor, "17");
    assert!(c.status.success(), "{}", text(&c));
    let r = run_tests(&dir.join("test-classes-17"), classes, test, flavor, None);
    assert!(r.status.success(), "{}", text(&r));
    r
}

/// Runs jaut with `args`, which must write the test class `file` and say so.
fn writes_test(args: &[&str], file: &Path) -> Output {
    let o = support::jaut(args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        support::stdout(&o).contains(&format!("test     {}\n", file.display())),
        "{}",
        text(&o)
    );
    o
}

/// A hand-built state and observation (lists.DoublyLinkedList.remove of
/// the middle node of a three-node list), with and without the replay's
/// identity map: with it, only what changed is asserted, by identity
/// (`a.next` is now `c`); without it, the objects reached from the inputs
/// are asserted field by field. Both tests must pass against the real class.
#[test]
fn identities_decide_what_is_asserted() {
    use jaut::labeling::{Arg, FieldValue, Object, Value};
    use jaut::replay::{Ended, Observed, ObservedField, ObservedObject};
    let node_fields = |element: Value, next: Value, prev: Value| {
        [
            ("element", "java.lang.Object", element),
            ("next", "lists.Node", next),
            ("prev", "lists.Node", prev),
        ]
        .into_iter()
        .map(|(n, t, v)| FieldValue {
            name: n.into(),
            declared_in: "lists.Node".into(),
            ty: t.into(),
            value: v,
            read: true,
        })
        .collect::<Vec<_>>()
    };
    let node = |id: usize, next: Value, prev: Value| Object {
        id,
        class: "lists.Node".into(),
        fields: node_fields(Value::Null, next, prev),
        elements: None,
        mock: None,
        generic: None,
        built_by: None,
        reflection_because: None,
    };
    let list_fields = |first: Value, last: Value, size: Value| {
        [
            ("first", "lists.Node", first),
            ("last", "lists.Node", last),
            ("size", "int", size),
        ]
        .into_iter()
        .map(|(n, t, v)| FieldValue {
            name: n.into(),
            declared_in: "lists.DoublyLinkedList".into(),
            ty: t.into(),
            value: v,
            read: true,
        })
        .collect::<Vec<_>>()
    };
    let state = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![Arg {
            name: "x".into(),
            ty: "lists.Node".into(),
            value: Value::Ref(2),
        }],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![
            Object {
                id: 0,
                class: "lists.DoublyLinkedList".into(),
                fields: list_fields(Value::Ref(1), Value::Ref(3), Value::Int(3)),
                elements: None,
                mock: None,
                generic: None,
                built_by: None,
                reflection_because: None,
            },
            node(1, Value::Ref(2), Value::Null),
            node(2, Value::Ref(3), Value::Ref(1)),
            node(3, Value::Null, Value::Ref(2)),
        ],
    };
    let observed = |class: &str, fields: Vec<FieldValue>, input: Option<usize>| ObservedObject {
        class: class.into(),
        fields: fields
            .into_iter()
            .map(|f| ObservedField {
                name: f.name,
                declared_in: f.declared_in,
                ty: f.ty,
                value: match f.value {
                    Value::Ref { object } => Observed::Ref { object },
                    Value::Int(i) => Observed::Int(i),
                    _ => Observed::Null,
                },
            })
            .collect(),
        elements: None,
        opaque: None,
        input,
    };
    // After remove(b): a.next == c, c.prev == a, size 2; b keeps its links.
    // Observed in another order than the input: list 0, b 1, a 2, c 3.
    let observation = |identity: bool| Observation {
        reached: true,
        executed: vec![],
        edges: vec![],
        last: None,
        raised: vec![],
        others: vec![],
        other_handler: false,
        ended: Ended::Returned {
            value: Some(Observed::Null),
        },
        receiver_after: Some(Observed::Ref { object: 0 }),
        args_after: vec![Observed::Ref { object: 1 }],
        constructed: vec![],
        objects: vec![
            observed(
                "lists.DoublyLinkedList",
                list_fields(Value::Ref(2), Value::Ref(3), Value::Int(2)),
                identity.then_some(0),
            ),
            observed(
                "lists.Node",
                node_fields(Value::Null, Value::Ref(3), Value::Ref(2)),
                identity.then_some(2),
            ),
            observed(
                "lists.Node",
                node_fields(Value::Null, Value::Ref(3), Value::Null),
                identity.then_some(1),
            ),
            observed(
                "lists.Node",
                node_fields(Value::Null, Value::Null, Value::Ref(2)),
                identity.then_some(3),
            ),
        ],
    };
    let cp = classpath_over(samples());
    let class = cp.load("lists/DoublyLinkedList").unwrap();
    let method = find_method(&class, "remove");
    let target = Target::new(&class, method, 39);
    for identity in [true, false] {
        let mut suite = TestSuite::new(Flavor::Junit5);
        suite
            .add(&cp, &target, &state, &observation(identity))
            .unwrap();
        let source = suite.sources().remove(0).1;
        let body = &source[source.find("Object result").unwrap()..source.find("    }\n").unwrap()];
        if identity {
            assert_eq!(
                body,
                "Object result = doublyLinkedList.remove(x);
        assertNull(result);
        assertEquals(2, doublyLinkedList.size);
        assertSame(node3, node1.next);
        assertSame(node1, node3.prev);
"
            );
        } else {
            // The receiver and the argument are known; the nodes reached
            // through them are asserted as found.
            assert!(
                body.contains("Node doublyLinkedListFirst = doublyLinkedList.first;"),
                "{body}"
            );
            assert!(
                body.contains("assertSame(doublyLinkedListFirst, doublyLinkedListFirstNext.prev);"),
                "{body}"
            );
            assert!(
                body.contains("assertSame(doublyLinkedListFirstNext, doublyLinkedList.last);"),
                "{body}"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let files = suite.write(dir.path(), false).unwrap();
        let c = compile_tests(&files, samples(), dir.path(), Flavor::Junit5, "11");
        assert!(c.status.success(), "{}\n{source}", text(&c));
        let run = run_tests(
            &dir.path().join("test-classes-11"),
            samples(),
            "lists.DoublyLinkedListJautTest",
            Flavor::Junit5,
            None,
        );
        assert!(run.status.success(), "{}\n{source}", text(&run));
    }
}

/// Hand-built states over `tests/fixtures/junit`, replayed for real: a
/// private method taking an object with a hidden field, a private nested
/// class with a private double, a float field and result, a private static
/// field. The tests compile (JUnit 5 and 4) and pass.
#[test]
fn reflection_hidden_fields_and_floating_point() {
    use jaut::labeling::{Arg, FieldValue, Object, StaticValue, Value};
    let dir = support::compiled_fixtures("junit");
    let cp = classpath_over(&dir);
    let class = cp.load("jw/Features").unwrap();
    let field = |name: &str, declared_in: &str, ty: &str, value: Value| FieldValue {
        name: name.into(),
        declared_in: declared_in.into(),
        ty: ty.into(),
        value,
        read: true,
    };
    let half = InputState {
        receiver: Some(Value::Ref(0)),
        args: vec![Arg {
            name: "d".into(),
            ty: "jw.Features$Derived".into(),
            value: Value::Ref(1),
        }],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![
            Object {
                id: 0,
                class: "jw.Features".into(),
                fields: vec![
                    field("secret", "jw.Features", "jw.Features$Secret", Value::Ref(2)),
                    field("ratio", "jw.Features", "float", Value::Float(0.25)),
                ],
                elements: None,
                mock: None,
                generic: None,
                built_by: None,
                reflection_because: None,
            },
            Object {
                id: 1,
                class: "jw.Features$Derived".into(),
                fields: vec![
                    field("shade", "jw.Features$Base", "int", Value::Int(3)),
                    field("big", "jw.Features$Base", "long", Value::Int(10)),
                    field("shade", "jw.Features$Derived", "int", Value::Int(4)),
                ],
                elements: None,
                mock: None,
                generic: None,
                built_by: None,
                reflection_because: None,
            },
            Object {
                id: 2,
                class: "jw.Features$Secret".into(),
                fields: vec![field(
                    "weight",
                    "jw.Features$Secret",
                    "double",
                    Value::Float(1.5),
                )],
                elements: None,
                mock: None,
                generic: None,
                built_by: None,
                reflection_because: None,
            },
        ],
    };
    let scaled = InputState {
        receiver: None,
        args: vec![Arg {
            name: "f".into(),
            ty: "float".into(),
            value: Value::Float(1.5),
        }],
        statics: vec![],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![],
    };
    let bump = InputState {
        receiver: None,
        args: vec![],
        statics: vec![StaticValue {
            class: "jw.Features".into(),
            field: "counter".into(),
            ty: "int".into(),
            value: Value::Int(41),
            why: "--statics free".into(),
        }],
        initial_statics: vec![],
        environment: vec![],
        assumptions: vec![],
        objects: vec![],
    };
    let mut replayer = Replayer::start(std::slice::from_ref(&dir), Assertions::Enabled)
        .expect("the replay JVM starts");
    for flavor in [Flavor::Junit5, Flavor::Junit4] {
        let mut suite = TestSuite::new(flavor);
        for (name, state) in [("half", &half), ("scaled", &scaled), ("bump", &bump)] {
            let method = find_method(&class, name);
            let pc = method
                .code
                .as_ref()
                .unwrap()
                .instructions
                .last()
                .unwrap()
                .pc;
            let observation = replayer
                .replay(&ReplayRequest::new(&class, method, Some(pc), state))
                .unwrap_or_else(|e| panic!("replay of {name}: {e}"));
            assert!(observation.reached, "{name}: {observation:?}");
            suite
                .add(&cp, &Target::new(&class, method, pc), state, &observation)
                .unwrap();
        }
        let source = suite.sources().remove(0).1;
        for expected in [
            "Features.Derived d = allocate(Features.Derived.class);",
            "d.shade = 4;",
            "setField(d, Features.Base.class, \"shade\", 3);",
            "Object secret2 = allocate(Class.forName(\"jw.Features$Secret\"));",
            "setField(secret2, Class.forName(\"jw.Features$Secret\"), \"weight\", 1.5);",
            "setField(features, Features.class, \"ratio\", 0.25f);",
            "double result = (double) invoke(Features.class, \"half\", new Class<?>[] {Features.Derived.class}, features, d);",
            "setField(null, Features.class, \"counter\", 41);",
        ] {
            assert!(source.contains(expected), "{expected}\n{source}");
        }
        let (half_check, scaled_check) = match flavor {
            Flavor::Junit5 => (
                "assertEquals(10.25, result);",
                "assertEquals(3.75f, result);",
            ),
            Flavor::Junit4 => (
                "assertEquals(10.25, result, 0.0);",
                "assertEquals(3.75f, result, 0.0f);",
            ),
        };
        assert!(
            source.contains(half_check) && source.contains(scaled_check),
            "{source}"
        );
        let out = tempfile::tempdir().unwrap();
        let files = suite.write(out.path(), false).unwrap();
        for release in ["11", "17"] {
            let c = compile_tests(&files, &dir, out.path(), flavor, release);
            assert!(c.status.success(), "{}\n{source}", text(&c));
            assert!(!text(&c).contains("warning"), "{}", text(&c));
        }
        let run = run_tests(
            &out.path().join("test-classes-17"),
            &dir,
            "jw.FeaturesJautTest",
            flavor,
            None,
        );
        assert!(run.status.success(), "{}\n{source}", text(&run));
    }
}
