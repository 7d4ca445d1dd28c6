//! The `jaut` command line, end to end: the happy paths of the three
//! commands and every kind of bad input a user can give, which must end in
//! exit code 2 and exactly one `jaut: error:` line — never a panic — including
//! truncated and bit-flipped class files.

mod support;

use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use jaut::cfg::{Cfg, CfgText};
use jaut::classfile::{Class, Method};
use jaut::program::Program;
use support::{describe, jaut, sample_class, samples, stderr, stdout};

const MOVE_Y: &str = "moveY(Lcoord/Chrono;I)Lcoord/Coord;";

fn coord() -> String {
    sample_class("coord/Coord").display().to_string()
}

fn samples_dir() -> String {
    samples().display().to_string()
}

/// Signs that the binary panicked (its panic hook says "internal error") or
/// that a backtrace was offered.
fn looks_like_panic(text: &str) -> bool {
    [
        "panicked",
        "RUST_BACKTRACE",
        "internal error",
        "stack backtrace",
    ]
    .iter()
    .any(|w| text.contains(w))
}

/// Runs jaut and checks it succeeded, printed nothing on stderr and did not
/// panic; returns stdout.
fn ok(args: &[&str]) -> String {
    let o = jaut(args);
    assert_eq!(o.status.code(), Some(0), "{}", describe(args, &o));
    assert!(stderr(&o).is_empty(), "{}", describe(args, &o));
    stdout(&o)
}

/// Checks a user error: exit 2, nothing on stdout, exactly one stderr line
/// starting with `jaut: error:`, no panic. Returns the line.
fn check_user_error(args: &[&str], o: &Output) -> String {
    let what = describe(args, o);
    assert_eq!(o.status.code(), Some(2), "{what}");
    let err = stderr(o);
    assert!(!looks_like_panic(&err), "{what}");
    assert!(
        stdout(o).is_empty(),
        "stdout should be empty on error: {what}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "expected one stderr line: {what}");
    assert!(lines[0].starts_with("jaut: error: "), "{what}");
    assert!(err.ends_with('\n'), "{what}");
    lines[0].to_string()
}

/// Runs jaut, checks a user error (see [`check_user_error`]) whose line
/// contains every keyword; returns the line.
fn user_error(args: &[&str], keywords: &[&str]) -> String {
    let o = jaut(args);
    let line = check_user_error(args, &o);
    for k in keywords {
        assert!(
            line.contains(k),
            "error line lacks {k:?}: {}",
            describe(args, &o)
        );
    }
    line
}

/// A clap usage error: exit 2 and no panic (clap's message spans lines).
fn usage_error(args: &[&str], keywords: &[&str]) {
    let o = jaut(args);
    let what = describe(args, &o);
    assert_eq!(o.status.code(), Some(2), "{what}");
    assert!(!looks_like_panic(&stderr(&o)), "{what}");
    assert!(stdout(&o).is_empty(), "{what}");
    for k in keywords {
        assert!(stderr(&o).contains(k), "stderr lacks {k:?}: {what}");
    }
}

/// The aim's outcomes: exit 0 (reached), 1 (unknown) or 3 (unreachable)
/// with that verdict on stdout and nothing on stderr, or a user error;
/// never anything else (4, a replay mismatch, is a bug in jaut's model).
fn aim_outcome(args: &[&str]) -> Output {
    let o = jaut(args);
    let what = describe(args, &o);
    match o.status.code() {
        Some(code @ (0 | 1 | 3)) => {
            assert!(stderr(&o).is_empty(), "{what}");
            let verdict = match code {
                0 => "reached",
                // A state the replay could not confirm is not believed.
                1 if stdout(&o).contains("\nreplay   failed: ") => "reached",
                1 => "unknown",
                _ => "unreachable",
            };
            assert!(
                stdout(&o).contains(&format!("\nverdict  {verdict}\n")),
                "{what}"
            );
        }
        Some(2) => {
            check_user_error(args, &o);
        }
        _ => panic!("unexpected exit: {what}"),
    }
    o
}

/// Exit 0 with output, or a user error; never anything else.
fn ok_or_user_error(args: &[&str]) -> Output {
    let o = jaut(args);
    match o.status.code() {
        Some(0) => {
            let what = describe(args, &o);
            assert!(!looks_like_panic(&stderr(&o)), "{what}");
            assert!(stderr(&o).is_empty(), "{what}");
        }
        Some(2) => {
            check_user_error(args, &o);
        }
        _ => panic!("unexpected exit: {}", describe(args, &o)),
    }
    o
}

fn write_file(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// A jar holding the coord package (Coord and Chrono), built with the `zip`
/// crate.
fn coord_jar(dir: &Path) -> String {
    let path = dir.join("coord.jar");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("META-INF/MANIFEST.MF", options).unwrap();
    zip.write_all(b"Manifest-Version: 1.0\r\n\r\n").unwrap();
    for class in ["coord/Coord", "coord/Chrono"] {
        zip.start_file(format!("{class}.class"), options).unwrap();
        zip.write_all(&std::fs::read(sample_class(class)).unwrap())
            .unwrap();
    }
    zip.finish().unwrap();
    path.display().to_string()
}

/// Classes the samples lack, compiled with javac into
/// `$CARGO_TARGET_TMPDIR/cli_tests_extra` (again only when a source
/// changed; a file lock serialises concurrent test runs): `extra.Over` has
/// an overloaded method, an abstract one and a native one; `extra.NoLines`
/// is compiled without debug information.
fn extra_classes() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_tests_extra");
        let src = dir.join("src/extra");
        let out = dir.join("classes");
        std::fs::create_dir_all(&src).unwrap();
        let lock = std::fs::File::create(dir.join("lock")).unwrap();
        lock.lock().unwrap();
        let sources = [
            (
                "Over",
                "package extra;\n\
                 public abstract class Over {\n\
                 \x20   public int f(int x) { return x; }\n\
                 \x20   public int f(long x) { return (int) x; }\n\
                 \x20   public int f(String s) { return s.length(); }\n\
                 \x20   public abstract int g();\n\
                 \x20   public native int h();\n\
                 }\n",
                "-g",
            ),
            (
                "NoLines",
                "package extra;\n\
                 public class NoLines {\n\
                 \x20   public static int f(int x) { return x + 1; }\n\
                 }\n",
                "-g:none",
            ),
        ];
        for (class, text, debug) in sources {
            let java = src.join(format!("{class}.java"));
            let compiled = out.join(format!("extra/{class}.class"));
            let stamp = src.join(format!("{class}.flags"));
            let up_to_date = std::fs::read_to_string(&java).is_ok_and(|t| t == text)
                && std::fs::read_to_string(&stamp).is_ok_and(|f| f == debug)
                && compiled.is_file();
            if up_to_date {
                continue;
            }
            std::fs::write(&java, text).unwrap();
            let status = Command::new(support::jdk_tool("javac"))
                .args(["--release", "11", debug, "-d"])
                .arg(&out)
                .arg(&java)
                .status()
                .expect("javac runs");
            assert!(status.success(), "javac failed on {class}.java");
            std::fs::write(&stamp, debug).unwrap();
        }
        out
    })
}

fn over_class() -> String {
    extra_classes()
        .join("extra/Over.class")
        .display()
        .to_string()
}

// ---------------------------------------------------------------- happy paths

fn assert_aim_moves_y_51(out: &str) {
    for expected in [
        "class    coord.Coord",
        &format!("method   {MOVE_Y}"),
        "pc       51: areturn",
        "line     30 (Coord.java)",
        "block    block",
        "stack    [coord.Coord]",
        "locals   0 this: coord.Coord, 1 chrono: coord.Chrono, 2 speed: int, 3 ytemp: int",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in:\n{out}");
    }
}

#[test]
fn aim_by_pc() {
    let out = ok(&[&coord(), "--method", "moveY", "--pc", "51"]);
    assert_aim_moves_y_51(&out);
    assert!(out.lines().any(|l| l.starts_with("line ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("block ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("locals ")), "{out}");
    // Exit 0 means the search reached it (the paper's test objective).
    assert!(out.contains("\nverdict  reached\n"), "{out}");
}

#[test]
fn aim_by_line() {
    // `return new Coord(ytemp, x);` is line 30: its first instruction is the
    // `new` at 39 and its areturn at 51 is among the others.
    let out = ok(&[&coord(), "--method", "moveY", "--line", "30"]);
    assert!(out.contains("pc       39: new coord/Coord"), "{out}");
    assert!(out.contains("line     30 (Coord.java)"), "{out}");
    let others = out
        .lines()
        .find(|l| l.contains("others at pc"))
        .unwrap_or_else(|| panic!("no other pcs listed:\n{out}"));
    assert!(others.split([' ', ',']).any(|w| w == "51"), "{others}");
    assert!(out.contains("locals   0 this: coord.Coord"), "{out}");
}

#[test]
fn aim_with_descriptor() {
    let out = ok(&[&coord(), "--method", MOVE_Y, "--pc", "51"]);
    assert_aim_moves_y_51(&out);
    // The descriptor without its return type is accepted too.
    let out = ok(&[&coord(), "-m", "moveY(Lcoord/Chrono;I)", "--pc", "51"]);
    assert_aim_moves_y_51(&out);
}

#[test]
fn aim_in_directory_with_class() {
    let dir = samples_dir();
    assert_aim_moves_y_51(&ok(&[
        &dir,
        "--class",
        "coord.Coord",
        "--method",
        "moveY",
        "--pc",
        "51",
    ]));
    assert_aim_moves_y_51(&ok(&[
        &dir,
        "--class",
        "coord/Coord",
        "--method",
        "moveY",
        "--pc",
        "51",
    ]));
    // A simple name unique in the directory.
    assert_aim_moves_y_51(&ok(&[
        &dir, "--class", "Coord", "--method", "moveY", "--pc", "51",
    ]));
}

#[test]
fn aim_in_jar_with_class() {
    let tmp = tempfile::tempdir().unwrap();
    let jar = coord_jar(tmp.path());
    assert_aim_moves_y_51(&ok(&[
        &jar,
        "--class",
        "coord.Coord",
        "--method",
        "moveY",
        "--pc",
        "51",
    ]));
    let listed = ok(&["methods", &jar]);
    assert!(listed.contains("class coord.Coord"), "{listed}");
    assert!(listed.contains("class coord.Chrono"), "{listed}");
}

#[test]
fn aim_in_jar_built_by_jdk_jar_tool() {
    let jar_tool = support::jdk_tool("jar");
    if !Path::new(&jar_tool).exists() {
        eprintln!("note: {} absent, skipping", jar_tool.display());
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let jar = tmp.path().join("samples.jar");
    let status = Command::new(&jar_tool)
        .arg("cf")
        .arg(&jar)
        .arg("-C")
        .arg(samples())
        .arg(".")
        .status()
        .unwrap();
    assert!(status.success());
    let jar = jar.display().to_string();
    assert_aim_moves_y_51(&ok(&[
        &jar,
        "--class",
        "coord.Coord",
        "--method",
        "moveY",
        "--pc",
        "51",
    ]));
}

#[test]
fn aim_at_class_name_on_classpath() {
    let dir = samples_dir();
    // Java's spelling, `-cp DIR`, and the long forms.
    for cp in ["-cp", "-classpath", "--classpath", "--cp", "-c"] {
        assert_aim_moves_y_51(&ok(&[
            "coord.Coord",
            cp,
            &dir,
            "--method",
            "moveY",
            "--pc",
            "51",
        ]));
    }
    assert_aim_moves_y_51(&ok(&[
        "coord.Coord",
        &format!("--classpath={dir}"),
        "--method",
        "moveY",
        "--pc",
        "51",
    ]));
    // Options before the target.
    assert_aim_moves_y_51(&ok(&[
        "-cp",
        &dir,
        "--method",
        "moveY",
        "--pc",
        "51",
        "coord.Coord",
    ]));
}

#[test]
fn methods_lists_descriptors() {
    let out = ok(&["methods", &coord()]);
    assert!(out.starts_with("class coord.Coord (Coord.java)"), "{out}");
    assert!(out.contains(MOVE_Y), "{out}");
    assert!(out.contains("<init>(II)V"), "{out}");
    assert!(out.contains("lines 22-32"), "{out}");
    // A directory without --class lists all its classes.
    let all = ok(&["methods", &samples_dir()]);
    assert!(all.contains("class coord.Coord"), "{all}");
    assert!(all.contains("class rbtree.RedBlackTree"), "{all}");
    // Abstract and native methods are listed as such.
    let over = ok(&["methods", &over_class()]);
    assert!(over.starts_with("abstract class extra.Over"), "{over}");
    assert!(
        over.contains("g()I") && over.contains("abstract\n"),
        "{over}"
    );
    assert!(over.contains("h()I") && over.contains("native\n"), "{over}");
}

#[test]
fn cfg_text_and_dot() {
    let text = ok(&["cfg", &coord(), "--method", "moveY"]);
    assert!(text.starts_with(&format!("coord.Coord.{MOVE_Y}")), "{text}");
    assert!(text.contains("block0: pc 0..7  [entry]"), "{text}");
    assert!(text.contains("51: areturn"), "{text}");

    let dot = ok(&["cfg", &coord(), "--method", "moveY", "--format", "dot"]);
    assert!(dot.starts_with("digraph"), "{dot}");
    assert!(dot.trim_end().ends_with('}'), "{dot}");
    render_dot(&dot);

    // A larger method, with loops and exception edges, renders too.
    let rbt = sample_class("rbtree/RedBlackTree").display().to_string();
    let dot = ok(&[
        "cfg",
        &rbt,
        "--method",
        "fixAfterDeletion",
        "--format",
        "dot",
    ]);
    render_dot(&dot);
}

fn render_dot(dot: &str) {
    let spawned = Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(_) => {
            eprintln!("note: graphviz `dot` is not installed; not rendering the dot output");
            return;
        }
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dot.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(
        o.status.success(),
        "dot -Tsvg failed: {}\n{dot}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("<svg"));
}

#[test]
fn help_for_each_command() {
    let main = ok(&["--help"]);
    for opt in [
        "--method",
        "--pc",
        "--line",
        "--classpath",
        "--class",
        "methods",
        "cfg",
    ] {
        assert!(main.contains(opt), "jaut --help lacks {opt}:\n{main}");
    }
    let methods = ok(&["methods", "--help"]);
    for opt in ["--classpath", "--class", "TARGET"] {
        assert!(
            methods.contains(opt),
            "methods --help lacks {opt}:\n{methods}"
        );
    }
    let cfg = ok(&["cfg", "--help"]);
    for opt in [
        "--method",
        "--format",
        "dot",
        "text",
        "--classpath",
        "--class",
    ] {
        assert!(cfg.contains(opt), "cfg --help lacks {opt}:\n{cfg}");
    }
    assert!(ok(&["help", "cfg"]).contains("--format"));
    assert!(ok(&["--version"]).starts_with("jaut "));
}

// ----------------------------------------------------------------- bad input

#[test]
fn nonexistent_path() {
    for args in [
        &["/nonexistent/Foo.class", "--method", "m", "--pc", "0"][..],
        &["methods", "/nonexistent/Foo.class"],
        &["cfg", "/nonexistent/Foo.class", "--method", "m"],
        &[
            "/nonexistent/app.jar",
            "--class",
            "a.B",
            "-m",
            "m",
            "--pc",
            "0",
        ],
    ] {
        user_error(args, &["/nonexistent/", "no such file"]);
    }
    // A bare name that is neither a file nor a class on the class path.
    user_error(
        &["NoSuchClass", "--method", "m", "--pc", "0"],
        &["NoSuchClass", "no such file, directory or class"],
    );
}

#[test]
fn not_a_class_file() {
    let tmp = tempfile::tempdir().unwrap();
    let text = write_file(tmp.path(), "notes.txt", b"hello, world\n");
    let text_class = write_file(tmp.path(), "Text.class", b"public class Text {}\n");
    let empty = write_file(tmp.path(), "Empty.class", b"");
    let empty_jar = write_file(tmp.path(), "empty.jar", b"");
    let three = write_file(tmp.path(), "Three.class", &[0xCA, 0xFE, 0xBA]);
    for path in [&text, &text_class, &empty, &empty_jar, &three] {
        user_error(
            &["methods", path],
            &[path.as_str(), "not a class file, jar, or directory"],
        );
        user_error(
            &[path, "--method", "m", "--pc", "0"],
            &[path.as_str(), "not a class file"],
        );
    }
    // Zip magic, but not a zip.
    let bad_jar = write_file(tmp.path(), "bad.jar", b"PK\x03\x04 this is no zip");
    user_error(&["methods", &bad_jar], &[&bad_jar, "zip"]);
    // A directory without classes.
    let empty_dir = tmp.path().join("nothing");
    std::fs::create_dir(&empty_dir).unwrap();
    let empty_dir = empty_dir.display().to_string();
    user_error(&["methods", &empty_dir], &[&empty_dir, "no class"]);
}

#[test]
fn truncated_class_files() {
    let bytes = std::fs::read(sample_class("coord/Coord")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    // In process, every length: a truncated class never parses, and the
    // class path reports it.
    for n in 0..bytes.len() {
        let result = catch_unwind(|| Class::parse(&bytes[..n]).is_err());
        assert!(
            matches!(result, Ok(true)),
            "truncated at {n}: parsed or panicked"
        );
    }
    // Through the binary: every length below 64, then every 7th.
    let lengths: Vec<usize> = (0..bytes.len())
        .filter(|&n| n < 64 || n % 7 == 0 || n + 4 > bytes.len())
        .collect();
    assert!(lengths.len() > 150);
    for n in lengths {
        let path = write_file(tmp.path(), &format!("Coord-{n}.class"), &bytes[..n]);
        let line = user_error(&["methods", &path], &[path.as_str()]);
        assert!(
            line.contains("corrupt class file") || line.contains("not a class file"),
            "truncated at {n}: {line}"
        );
    }
    // And for the aim and cfg commands.
    let path = write_file(tmp.path(), "Half.class", &bytes[..bytes.len() / 2]);
    user_error(
        &[&path, "--method", "moveY", "--pc", "51"],
        &["corrupt class file"],
    );
    user_error(
        &["cfg", &path, "--method", "moveY"],
        &["corrupt class file"],
    );
}

/// `n` items spread evenly over `items` (all of them if fewer).
fn spread<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    if items.len() <= n {
        return items.to_vec();
    }
    (0..n).map(|k| items[k * items.len() / n].clone()).collect()
}

/// Whether two parsings of a method agree in everything the analyses read.
fn same_method(a: &Method, b: &Method) -> bool {
    let same_code = match (&a.code, &b.code) {
        (Some(x), Some(y)) => {
            x.max_stack == y.max_stack
                && x.max_locals == y.max_locals
                && x.code_len == y.code_len
                && x.instructions == y.instructions
                && x.handlers == y.handlers
                && x.lines == y.lines
                && x.local_vars == y.local_vars
                && x.stack_map == y.stack_map
        }
        (None, None) => true,
        _ => false,
    };
    same_code && a.name == b.name && a.descriptor == b.descriptor && a.access == b.access
}

/// Whether two parsings of a class agree in everything but the methods.
fn same_header(a: &Class, b: &Class) -> bool {
    a.name == b.name
        && a.access == b.access
        && a.super_class == b.super_class
        && a.interfaces == b.interfaces
        && a.major_version == b.major_version
        && a.fields.len() == b.fields.len()
        && a.fields
            .iter()
            .zip(&b.fields)
            .all(|(f, g)| f.name == g.name && f.access == g.access && f.ty == g.ty)
}

/// Parses a corrupted class and, for each method with code that the
/// corruption changed (every method when the class header changed), builds
/// the CFG and the frames and prints them as `jaut cfg` would, checking what
/// the aim relies on. Errors are fine, panics are not: `Err` holds the
/// panic's message. `Ok(None)`: the class does not parse; `Ok(Some(specs))`:
/// the changed methods, as `--method` specs.
fn analyse_in_process(
    cp: &jaut::classpath::ClassPath,
    original: &Class,
    bytes: &[u8],
) -> Result<Option<Vec<String>>, String> {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let Ok(class) = Class::parse(bytes) else {
            return None;
        };
        let header_changed = !same_header(&class, original);
        let mut changed = Vec::new();
        for method in &class.methods {
            let Some(code) = &method.code else { continue };
            let spec = method.to_string();
            let same = !header_changed && original.methods.iter().any(|m| same_method(m, method));
            if same {
                continue;
            }
            changed.push(spec);
            let Ok(cfg) = Cfg::build(cp, code) else {
                continue;
            };
            // What the aim relies on: every instruction is in a block.
            for insn in &code.instructions {
                let block = cfg.block_of(insn.pc).expect("instruction in a block");
                cfg.block(block).expect("a block");
                let _ = cfg.preds(block);
            }
            let frames = jaut::frames::compute(cp, &class, method).ok();
            if let Some(frames) = &frames {
                for insn in &code.instructions {
                    let _ = frames.at(insn.pc);
                }
            }
            let text = CfgText {
                cfg: &cfg,
                code,
                frames: frames.as_ref(),
            };
            let _ = text.to_string();
            let _ = text.dot();
        }
        Some(changed)
    }));
    result.map_err(panic_message)
}

/// A short search from `pc` in a method of a corrupt class, in process;
/// `Err` holds a panic's message. Errors and every verdict are fine.
fn search_in_process(cp: &Program, bytes: &[u8], spec: &str, pc: u32) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| {
        let class = Arc::new(Class::parse(bytes).expect("parsed before"));
        let method = class
            .methods
            .iter()
            .find(|m| m.to_string() == spec)
            .expect("a changed method");
        if method
            .code
            .as_ref()
            .is_some_and(|c| c.index_of(pc).is_some())
        {
            let config = jaut::search::Config::default()
                .with_timeout(Duration::from_millis(300))
                .with_max_path(2_000);
            let _ = jaut::search::search(cp, &class, method, pc, &config);
        }
    }))
    .map_err(panic_message)
}

fn panic_message(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic".into())
}

/// Every offset of a class flipped (XOR 0xFF): in process, parse, CFG,
/// frames and listings of the changed methods; the offsets that parse and
/// those that do not, with the changed methods of the former.
fn flip_every_byte(
    cp: &jaut::classpath::ClassPath,
    bytes: &[u8],
) -> (Vec<(usize, Vec<String>)>, Vec<usize>) {
    let original = Class::parse(bytes).unwrap();
    let (mut parsed, mut rejected) = (Vec::new(), Vec::new());
    for i in 0..bytes.len() {
        let mut corrupt = bytes.to_vec();
        corrupt[i] ^= 0xFF;
        match analyse_in_process(cp, &original, &corrupt) {
            Err(p) => panic!("panic with byte {i} flipped: {p}"),
            Ok(None) => rejected.push(i),
            Ok(Some(changed)) => parsed.push((i, changed)),
        }
    }
    (parsed, rejected)
}

fn flipped(bytes: &[u8], i: usize) -> Vec<u8> {
    let mut corrupt = bytes.to_vec();
    corrupt[i] ^= 0xFF;
    corrupt
}

#[test]
fn flipped_bytes_in_coord() {
    let bytes = std::fs::read(sample_class("coord/Coord")).unwrap();
    let cp = support::sample_classpath();
    let (parsed, rejected) = flip_every_byte(&cp, &bytes);
    // Both outcomes occur: the test does exercise the parser's errors and
    // the analyses on corrupt code.
    assert!(
        parsed.len() > 50 && rejected.len() > 50,
        "parsed {}, rejected {}",
        parsed.len(),
        rejected.len()
    );
    // The search, in process, from moveY's areturn when moveY changed (a
    // sample: each search costs up to its 0.3 s timeout).
    let with_move_y: Vec<(usize, &String)> = parsed
        .iter()
        .filter_map(|(i, changed)| Some((*i, changed.iter().find(|m| m.starts_with("moveY("))?)))
        .collect();
    for (i, spec) in spread(&with_move_y, 24) {
        search_in_process(&cp, &flipped(&bytes, i), spec, 51)
            .unwrap_or_else(|p| panic!("search panicked with byte {i} flipped: {p}"));
    }

    // Through the binary, a sample: the corrupt Coord sits in its package
    // directory next to an intact Chrono, so the search can follow moveY
    // into it. (Each run that loads a class reads the JDK's jmods: ~0.1 s.)
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("coord")).unwrap();
    std::fs::copy(
        sample_class("coord/Chrono"),
        tmp.path().join("coord/Chrono.class"),
    )
    .unwrap();
    for i in spread(&rejected, 40) {
        let path = write_file(
            &tmp.path().join("coord"),
            "Coord.class",
            &flipped(&bytes, i),
        );
        let line = user_error(&["methods", &path], &[&path]);
        assert!(
            line.contains("corrupt class file") || line.contains("not a class file"),
            "{line}"
        );
    }
    for (i, changed) in spread(&parsed, 10) {
        let path = write_file(
            &tmp.path().join("coord"),
            "Coord.class",
            &flipped(&bytes, i),
        );
        ok_or_user_error(&["methods", &path]);
        for spec in &changed {
            ok_or_user_error(&["cfg", &path, "--method", spec]);
        }
    }
    for (i, spec) in spread(&with_move_y, 6) {
        let path = write_file(
            &tmp.path().join("coord"),
            "Coord.class",
            &flipped(&bytes, i),
        );
        aim_outcome(&[&path, "--method", spec, "--pc", "51", "--timeout", "0.5"]);
    }
}

#[test]
fn flipped_bytes_in_red_black_tree() {
    let bytes = std::fs::read(sample_class("rbtree/RedBlackTree")).unwrap();
    let cp = support::sample_classpath();
    let (parsed, rejected) = flip_every_byte(&cp, &bytes);
    let changed_code = parsed.iter().filter(|(_, c)| !c.is_empty()).count();
    assert!(
        changed_code > 1000,
        "only {changed_code} flips changed code"
    );

    // Through the binary, a sample: `methods`, then `cfg` (text and dot) on
    // each method the flip changed.
    let tmp = tempfile::tempdir().unwrap();
    for i in spread(&rejected, 20) {
        let path = write_file(tmp.path(), "RedBlackTree.class", &flipped(&bytes, i));
        let line = user_error(&["methods", &path], &[&path]);
        assert!(
            line.contains("corrupt class file") || line.contains("not a class file"),
            "{line}"
        );
    }
    let with_code: Vec<(usize, Vec<String>)> =
        parsed.into_iter().filter(|(_, c)| !c.is_empty()).collect();
    for (n, (i, changed)) in spread(&with_code, 10).into_iter().enumerate() {
        let path = write_file(tmp.path(), "RedBlackTree.class", &flipped(&bytes, i));
        let format = if n % 2 == 0 { "text" } else { "dot" };
        ok_or_user_error(&["cfg", &path, "--method", &changed[0], "--format", format]);
    }
}

#[test]
fn jar_without_the_class() {
    let tmp = tempfile::tempdir().unwrap();
    let jar = coord_jar(tmp.path());
    user_error(
        &[
            &jar, "--class", "no.Such", "--method", "moveY", "--pc", "51",
        ],
        &[&jar, "no class no.Such"],
    );
    user_error(&["methods", &jar, "--class", "no.Such"], &["no.Such"]);
    // Without --class: the jar holds two classes.
    user_error(
        &[&jar, "--method", "moveY", "--pc", "51"],
        &["2 classes", "--class", "coord.Chrono", "coord.Coord"],
    );
}

#[test]
fn directory_with_several_classes_needs_class() {
    let dir = samples_dir();
    user_error(
        &[&dir, "--method", "moveY", "--pc", "51"],
        &[&dir, "classes", "--class", "arrays.Arrays"],
    );
    user_error(&["cfg", &dir, "--method", "moveY"], &["--class"]);
    user_error(
        &[
            &dir, "--class", "no.Such", "--method", "moveY", "--pc", "51",
        ],
        &["no class no.Such"],
    );
    // A package directory is not a class path root: the error names the
    // root to give instead.
    let coord_dir = samples().join("coord").display().to_string();
    user_error(
        &[
            &coord_dir, "--class", "Coord", "--method", "moveY", "--pc", "51",
        ],
        &[
            "holds package coord",
            &format!("give its root {dir} as TARGET"),
            "(and --class coord.Coord)",
        ],
    );
    user_error(
        &["methods", &coord_dir],
        &[
            "holds package coord",
            &dir,
            "--class to choose among coord.Chrono, coord.Coord",
        ],
    );
}

#[test]
fn nested_class_found_by_binary_or_simple_name() {
    let dir = samples_dir();
    for name in [
        "cfgcases.Nested$Tally",
        "cfgcases/Nested$Tally",
        "Nested$Tally",
        "Nested.Tally",
        "Tally",
    ] {
        let out = ok(&["methods", &dir, "--class", name]);
        assert!(
            out.contains("cfgcases.Nested$Tally") && out.contains("add(I)I"),
            "--class {name}: {out}"
        );
    }
    // The single-target command aims into it.
    let out = ok(&[
        &dir,
        "--class",
        "Tally",
        "--method",
        "add",
        "--pc",
        "0",
        "--no-replay",
    ]);
    assert!(out.contains("class    cfgcases.Nested$Tally"), "{out}");
    // Two nested classes share the simple name Entry.
    user_error(
        &["methods", &dir, "--class", "Entry"],
        &[
            "--class Entry is ambiguous",
            "rbtree.PrivateRedBlackTree$Entry",
            "rbtree.RedBlackTree$Entry",
        ],
    );
    // A top-level class keeps its simple name: Cell is core.Cell, though
    // arrays.Arrays$Cell exists too.
    let out = ok(&["methods", &dir, "--class", "Cell"]);
    assert!(
        out.contains("core.Cell") && !out.contains("Arrays$Cell"),
        "{out}"
    );
}

#[test]
fn unknown_method() {
    let line = user_error(
        &[&coord(), "--method", "moveX", "--pc", "51"],
        &["coord.Coord", "moveX", "moveY", "<init>"],
    );
    assert!(line.contains("has no method"), "{line}");
    user_error(
        &["cfg", &coord(), "--method", "moveX"],
        &["coord.Coord", "moveX", "moveY"],
    );
    // A known name with a wrong descriptor lists the candidates.
    user_error(
        &[&coord(), "--method", "moveY(I)V", "--pc", "51"],
        &["moveY(I)V", MOVE_Y],
    );
}

#[test]
fn ambiguous_overload() {
    let over = over_class();
    let line = user_error(
        &[&over, "--method", "f", "--pc", "0"],
        &[
            "overloaded",
            "extra.Over",
            "f(I)I",
            "f(J)I",
            "f(Ljava/lang/String;)I",
        ],
    );
    assert!(line.contains("descriptor"), "{line}");
    user_error(&["cfg", &over, "--method", "f"], &["overloaded", "f(J)I"]);
    // With the descriptor it is fine.
    // (Whether the search reaches pc 0 of a method of an abstract class is
    // the search's business: exit 0 or 1.)
    let o = aim_outcome(&[&over, "--method", "f(J)I", "--pc", "0"]);
    let out = stdout(&o);
    assert!(o.status.code() != Some(2), "{out}");
    assert!(out.contains("method   f(J)I"), "{out}");
    assert!(out.contains("pc       0: lload_1"), "{out}");
}

#[test]
fn pc_not_at_an_instruction() {
    let line = user_error(
        &[&coord(), "--method", "moveY", "--pc", "50"],
        &["pc 50", "not at an instruction start", "48", "51"],
    );
    assert!(
        line.contains("nearest: 48 (invokespecial), 51 (areturn)"),
        "{line}"
    );
    user_error(
        &[&coord(), "--method", "moveY", "--pc", "65"],
        &["pc 65", "past the end", "65 bytes", "64"],
    );
    user_error(
        &[&coord(), "--method", "moveY", "--pc", "4000000000"],
        &["pc 4000000000", "past the end"],
    );
}

#[test]
fn line_without_code() {
    user_error(
        &[&coord(), "--method", "moveY", "--line", "1"],
        &["line 1", "no code", "22-32"],
    );
    user_error(
        &[&coord(), "--method", "moveY", "--line", "17"],
        &["line 17", "22-32"],
    );
}

#[test]
fn abstract_and_native_methods() {
    let over = over_class();
    user_error(
        &[&over, "--method", "g", "--pc", "0"],
        &["extra.Over.g()I", "abstract"],
    );
    user_error(
        &[&over, "--method", "h", "--line", "1"],
        &["extra.Over.h()I", "native"],
    );
    user_error(&["cfg", &over, "--method", "g"], &["abstract"]);
    user_error(&["cfg", &over, "--method", "h"], &["native"]);
}

#[test]
fn usage_errors() {
    let c = coord();
    usage_error(&[&c, "--pc", "51"], &["--method"]);
    usage_error(&[&c, "--method", "moveY"], &["--pc"]);
    usage_error(
        &[&c, "--method", "moveY", "--pc", "51", "--line", "30"],
        &["--pc", "--line"],
    );
    usage_error(&[&c, "--method", "moveY", "--pc", "-1"], &[]);
    usage_error(&[&c, "--method", "moveY", "--pc", "x"], &[]);
    usage_error(&[&c, "--method", "moveY", "--line", "70000"], &[]);
    usage_error(&["cfg", &c], &["--method"]);
    usage_error(
        &["cfg", &c, "--method", "moveY", "--format", "svg"],
        &["svg"],
    );
    usage_error(&["--no-such-option"], &[]);
    usage_error(&[], &["--method"]);
    // No target at all: jaut's own one-line error.
    user_error(&["methods"], &["no TARGET"]);
    user_error(&["--method", "moveY", "--pc", "51"], &["no TARGET"]);
}

#[test]
fn missing_classpath_entry() {
    let dir = samples_dir();
    for cp in ["--classpath", "-cp"] {
        user_error(
            &[
                "coord.Coord",
                cp,
                "/nonexistent/lib",
                "--method",
                "moveY",
                "--pc",
                "51",
            ],
            &["--classpath entry", "/nonexistent/lib", "no such file"],
        );
        // Even next to a valid entry.
        user_error(
            &[
                "coord.Coord",
                cp,
                &format!("{dir}:/nonexistent/lib.jar"),
                "--method",
                "moveY",
                "--pc",
                "51",
            ],
            &["/nonexistent/lib.jar", "no such file"],
        );
    }
    user_error(
        &["methods", &coord(), "--classpath", "/nonexistent/lib"],
        &["/nonexistent/lib"],
    );
    // A class name not on the class path.
    user_error(
        &["no.Such", "-cp", &dir, "--method", "moveY", "--pc", "51"],
        &["no.Such", "class path"],
    );
}

#[test]
fn class_name_target_and_class_option_disagree() {
    let dir = samples_dir();
    user_error(
        &[
            "methods",
            "coord.Coord",
            "-cp",
            &dir,
            "--class",
            "coord.Chrono",
        ],
        &["coord.Coord", "class name", "--class", "coord.Chrono"],
    );
    // Repeating the class is fine.
    let out = ok(&["methods", "coord.Coord", "-cp", &dir, "--class", "Coord"]);
    assert!(out.starts_with("class coord.Coord"), "{out}");
}

#[test]
fn jdk_class_as_target() {
    let out = ok(&["methods", "java.lang.Object"]);
    assert!(out.starts_with("class java.lang.Object"), "{out}");
    assert!(
        out.contains("getClass()Ljava/lang/Class;") && out.contains("native"),
        "{out}"
    );
    user_error(
        &["java.lang.Object", "--method", "hashCode", "--pc", "0"],
        &["java.lang.Object.hashCode()I", "native"],
    );
}

#[test]
fn method_without_line_numbers() {
    let no_lines = extra_classes().join("extra/NoLines.class");
    let no_lines = no_lines.display().to_string();
    user_error(
        &[&no_lines, "--method", "f", "--line", "3"],
        &["extra.NoLines.f(I)I", "no line numbers", "--pc"],
    );
    let out = ok(&[&no_lines, "--method", "f", "--pc", "0"]);
    assert!(out.contains("verdict  reached"), "{out}");
    assert!(out.contains("line     none"), "{out}");
    assert!(out.contains("locals   0 int"), "{out}");
}

#[test]
fn corrupt_class_in_jar_and_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("classes");
    std::fs::create_dir_all(root.join("coord")).unwrap();
    let coord = std::fs::read(sample_class("coord/Coord")).unwrap();
    std::fs::write(root.join("coord/Coord.class"), &coord[..300]).unwrap();
    std::fs::copy(
        sample_class("coord/Chrono"),
        root.join("coord/Chrono.class"),
    )
    .unwrap();
    let root_str = root.display().to_string();
    user_error(
        &["methods", &root_str],
        &["coord/Coord.class", "corrupt class file"],
    );
    user_error(
        &["coord.Coord", "-cp", &root_str, "-m", "moveY", "--pc", "51"],
        &["coord/Coord.class", "corrupt class file"],
    );
    // The intact class beside it is still usable.
    ok(&["methods", &root_str, "--class", "coord.Chrono"]);

    let jar = tmp.path().join("broken.jar");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&jar).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file("coord/Coord.class", options).unwrap();
    zip.write_all(&coord[..300]).unwrap();
    zip.finish().unwrap();
    let jar = jar.display().to_string();
    user_error(
        &[&jar, "-m", "moveY", "--pc", "51"],
        &["broken.jar!/coord/Coord.class", "corrupt class file"],
    );
}

#[test]
fn flipped_bytes_in_jar() {
    let tmp = tempfile::tempdir().unwrap();
    let jar = std::fs::read(coord_jar(tmp.path())).unwrap();
    let path = tmp.path().join("flipped.jar");
    let path_str = path.display().to_string();
    // In process, every offset: the class path opens the jar and loads its
    // classes, or reports an error; it never panics.
    let mut rejected = Vec::new();
    for i in 0..jar.len() {
        std::fs::write(&path, flipped(&jar, i)).unwrap();
        let outcome = catch_unwind(|| {
            let mut cp = jaut::classpath::ClassPath::with_jdk(None);
            let names = cp.add(&path).map_err(|e| e.to_string())?;
            for name in names {
                cp.load(&name).map_err(|e| e.to_string())?;
            }
            Ok::<(), String>(())
        })
        .unwrap_or_else(|p| {
            panic!(
                "panic with byte {i} of the jar flipped: {}",
                panic_message(p)
            )
        });
        if outcome.is_err() {
            rejected.push(i);
        }
    }
    assert!(
        rejected.len() > 100,
        "only {} flips rejected",
        rejected.len()
    );
    // Through the binary, a sample.
    for i in spread(&(0..jar.len()).collect::<Vec<_>>(), 20) {
        std::fs::write(&path, flipped(&jar, i)).unwrap();
        ok_or_user_error(&["methods", &path_str]);
    }
}

#[test]
fn cover_help_names_nested_classes_and_junit4() {
    let out = ok(&["cover", "--help"]);
    assert!(out.contains("nested and anonymous"), "{out}");
    assert!(out.contains("May be repeated"), "{out}");
    assert!(out.contains("--junit4"), "{out}");
}
