//! The backward search end to end (issue 3's acceptance items): each test
//! aims at a target of the samples, and checks the input state the search
//! returns by *evaluating it in Rust* — re-running the Java semantics of the
//! method on the state's values (with the JVM's 32/64-bit wrapping
//! arithmetic, shift masking and narrowing) — never by asking the solver
//! again.
//!
//! Targets are found programmatically (by the `// target` comment of the
//! source, by source line, or by instruction pattern), so recompiling the
//! samples does not break the tests.

mod support;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use jaut::cfg::{Cfg, SwitchKey};
use jaut::classfile::bytecode::{BinOp, Constant, Kind};
use jaut::classfile::{Class, Code, Method, Op, Pc};
use jaut::classpath::ClassPath;
use jaut::labeling::{InputState, Object, Value};
use jaut::program::Program;
use jaut::search::{self, Config, Outcome, Verdict};

// ------------------------------------------------------------ finding targets

/// The method called `name` (the samples do not overload these names).
fn method<'c>(class: &'c Class, name: &str) -> &'c Method {
    let mut found = class.methods.iter().filter(|m| m.name == name);
    let m = found
        .next()
        .unwrap_or_else(|| panic!("{} has no method {name}", class.java_name()));
    assert!(found.next().is_none(), "{name} is overloaded");
    m
}

fn code(m: &Method) -> &Code {
    m.code.as_ref().expect("the method has code")
}

/// The 1-based number of the first line of `samples/src/<file>` containing
/// `needle`, after the first line containing `after`.
fn source_line(file: &str, after: &str, needle: &str) -> u16 {
    let path = support::repo().join("samples/src").join(file);
    let text = std::fs::read_to_string(&path).expect("the sample source");
    let start = text
        .lines()
        .position(|l| l.contains(after))
        .unwrap_or_else(|| panic!("{file}: no line with {after:?}"));
    let n = text
        .lines()
        .enumerate()
        .skip(start)
        .find(|(_, l)| l.contains(needle))
        .unwrap_or_else(|| panic!("{file}: no line with {needle:?} after {after:?}"))
        .0;
    u16::try_from(n + 1).expect("a short file")
}

/// The first pc of a source line.
fn pc_of_line(code: &Code, line: u16) -> Pc {
    *code
        .pcs_of_line(line)
        .first()
        .unwrap_or_else(|| panic!("no code on line {line}"))
}

/// The pc of the `// target` statement of a `core.Targets` method.
fn targets_pc(code: &Code, name: &str) -> Pc {
    let decl = format!("public static int {name}(");
    pc_of_line(code, source_line("core/Targets.java", &decl, "// target"))
}

/// The int constant pushed by the instruction at `index`, if it pushes one.
fn int_const(code: &Code, index: usize) -> Option<i32> {
    match &code.instructions.get(index)?.op {
        Op::Const(c) => match **c {
            Constant::Int(v) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// The constant returned by `<push constant>; ireturn` starting at `pc`.
fn returned_const(code: &Code, pc: Pc) -> Option<i32> {
    let i = code.index_of(pc)?;
    let v = int_const(code, i)?;
    matches!(
        code.instructions.get(i + 1)?.op,
        Op::Return(Some(Kind::Int))
    )
    .then_some(v)
}

/// The pc of the first `<push v>; ireturn` of the method (`return v;`).
fn return_const_pc(code: &Code, v: i32) -> Pc {
    code.instructions
        .iter()
        .map(|i| i.pc)
        .find(|&pc| returned_const(code, pc) == Some(v))
        .unwrap_or_else(|| panic!("no `return {v}`"))
}

// ------------------------------------------------------------- running

fn samples() -> (Program, Arc<Class>) {
    let cp = support::sample_classpath();
    let class = cp.load("core/Targets").expect("core.Targets loads");
    (cp, class)
}

fn run(cp: &Program, class: &Arc<Class>, name: &str, pc: Pc) -> Outcome {
    let m = method(class, name);
    search::search(cp, class, m, pc, &Config::default())
        .unwrap_or_else(|e| panic!("{}.{name} pc {pc}: {e}", class.java_name()))
}

/// The state reaching `pc`; panics with the verdict otherwise.
fn reach(cp: &Program, class: &Arc<Class>, name: &str, pc: Pc) -> InputState {
    match run(cp, class, name, pc).verdict {
        Verdict::Reached { state, .. } => {
            check_well_formed(&state);
            state
        }
        other => panic!(
            "{}.{name} pc {pc}: expected reached, got {other:?}",
            class.java_name()
        ),
    }
}

/// The state reaching the `// target` of a `core.Targets` method.
fn reach_target(name: &str) -> InputState {
    let (cp, class) = samples();
    let pc = targets_pc(code(method(&class, name)), name);
    reach(&cp, &class, name, pc)
}

// ------------------------------------------------------ reading the state

/// Objects are numbered by their index and every reference names one.
fn check_well_formed(s: &InputState) {
    let check_ref = |v: &Value| {
        if let Value::Ref { object } = v {
            assert!(
                *object < s.objects.len(),
                "dangling reference #{object} in\n{s}"
            );
        }
    };
    s.receiver.iter().for_each(check_ref);
    s.args.iter().for_each(|a| check_ref(&a.value));
    s.statics.iter().for_each(|v| check_ref(&v.value));
    for (i, o) in s.objects.iter().enumerate() {
        assert_eq!(o.id, i, "object ids are their indices:\n{s}");
        o.fields.iter().for_each(|f| check_ref(&f.value));
    }
}

fn arg<'s>(s: &'s InputState, name: &str) -> &'s Value {
    &s.args
        .iter()
        .find(|a| a.name == name)
        .unwrap_or_else(|| panic!("no argument {name} in\n{s}"))
        .value
}

fn static_value<'s>(s: &'s InputState, class: &str, field: &str) -> &'s Value {
    &s.statics
        .iter()
        .find(|v| v.class == class && v.field == field)
        .unwrap_or_else(|| panic!("no static {class}.{field} in\n{s}"))
        .value
}

fn long(v: &Value) -> i64 {
    match v {
        Value::Int(i) => *i,
        other => panic!("not an integer: {other:?}"),
    }
}

fn int(v: &Value) -> i32 {
    i32::try_from(long(v)).unwrap_or_else(|_| panic!("not a 32-bit int: {v:?}"))
}

/// The object a reference names (`None` for null), with its index.
fn deref<'s>(s: &'s InputState, v: &Value) -> Option<(usize, &'s Object)> {
    match v {
        Value::Null => None,
        Value::Ref { object } => Some((*object, &s.objects[*object])),
        other => panic!("not a reference: {other:?}"),
    }
}

/// The object a reference names; panics on null.
fn object<'s>(s: &'s InputState, v: &Value) -> (usize, &'s Object) {
    deref(s, v).unwrap_or_else(|| panic!("a null reference in\n{s}"))
}

fn field<'o>(o: &'o Object, name: &str) -> &'o Value {
    &o.fields
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("{}#{} has no field {name}", o.class, o.id))
        .value
}

// ------------------------------------------------ Java semantics in Rust

/// `moveY` takes instruction i (pc 51) when this holds.
fn move_y_reaches_i(y: i32, time: Option<i32>, speed: i32) -> bool {
    // chrono.time on a null chrono throws: the target is not reached.
    let Some(time) = time else { return false };
    if time <= 0 || speed <= 0 {
        return false;
    }
    y.wrapping_add(time.wrapping_mul(speed)) > 65536
}

/// `trityp.Trityp.trityp`, line for line.
fn trityp(i: i32, j: i32, k: i32) -> i32 {
    if i <= 0 || j <= 0 || k <= 0 {
        return 4;
    }
    let mut tri = 0;
    if i == j {
        tri += 1;
    }
    if i == k {
        tri += 2;
    }
    if j == k {
        tri += 3;
    }
    if tri == 0 {
        if i.wrapping_add(j) <= k || j.wrapping_add(k) <= i || i.wrapping_add(k) <= j {
            return 4;
        } else {
            return 1;
        }
    }
    if tri > 3 {
        return 3;
    }
    if tri == 1 && i.wrapping_add(j) > k {
        return 2;
    }
    if tri == 2 && i.wrapping_add(k) > j {
        return 2;
    }
    if tri == 3 && j.wrapping_add(k) > i {
        return 2;
    }
    4
}

/// Iterations of foo's `while (i > 0) i = i - a;`, or `None` when it runs
/// past `limit` (for instance forever, when `a <= 0`).
fn foo_iterations(mut i: i32, a: i32, limit: u32) -> Option<u32> {
    let mut j = 0;
    while i > 0 {
        i = i.wrapping_sub(a);
        j += 1;
        if j > limit {
            return None;
        }
    }
    Some(j)
}

/// Runs a method made only of int locals, int constants, `iadd`/`isub`/
/// `imul`, `if*`, `if_icmp*`, `goto` and `ireturn` on int arguments, and
/// returns its result and the pcs it executed. Checks that a state really
/// goes through a block, independently of the source-level simulation.
fn interpret_ints(code: &Code, args: &[i32]) -> (i32, Vec<Pc>) {
    let mut locals = vec![0i32; code.max_locals as usize];
    locals[..args.len()].copy_from_slice(args);
    let mut stack: Vec<i32> = Vec::new();
    let mut trace = Vec::new();
    let mut index = 0;
    loop {
        let insn = &code.instructions[index];
        trace.push(insn.pc);
        assert!(trace.len() < 100_000, "the interpreter runs away");
        let mut jump = None;
        match &insn.op {
            Op::Load(Kind::Int, k) => stack.push(locals[*k as usize]),
            Op::Store(Kind::Int, k) => locals[*k as usize] = stack.pop().unwrap(),
            Op::Const(_) => stack.push(int_const(code, index).expect("an int constant")),
            Op::Iinc { index: k, delta } => {
                locals[*k as usize] = locals[*k as usize].wrapping_add((*delta).into())
            }
            Op::Binary(Kind::Int, op) => {
                let (b, a) = (stack.pop().unwrap(), stack.pop().unwrap());
                stack.push(match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    other => panic!("interpret_ints: {other:?}"),
                });
            }
            Op::If { cond, target } => {
                let a = stack.pop().unwrap();
                if cond.holds(a.cmp(&0)) {
                    jump = Some(*target);
                }
            }
            Op::IfICmp { cond, target } => {
                let (b, a) = (stack.pop().unwrap(), stack.pop().unwrap());
                if cond.holds(a.cmp(&b)) {
                    jump = Some(*target);
                }
            }
            Op::Goto(target) => jump = Some(*target),
            Op::Return(Some(Kind::Int)) => return (stack.pop().unwrap(), trace),
            other => panic!("interpret_ints: unsupported {other:?}"),
        }
        index = match jump {
            Some(pc) => code.index_of(pc).expect("a jump to an instruction"),
            None => index + 1,
        };
    }
}

// ---------------------------------------------------------------- tests

/// Item 1: the paper's running example.
#[test]
fn move_y_reaches_instruction_i() {
    let cp = support::sample_classpath();
    let class = cp.load("coord/Coord").expect("coord.Coord loads");
    let line = source_line("coord/Coord.java", "moveY(", "return new Coord(ytemp, x)");
    let pc = *code(method(&class, "moveY"))
        .pcs_of_line(line)
        .last()
        .unwrap();
    assert_eq!(pc, 51, "the paper's pc of instruction i (README)");
    let s = reach(&cp, &class, "moveY", pc);

    let (_, this) = object(&s, s.receiver.as_ref().expect("moveY has a receiver"));
    assert_eq!(this.class, "coord.Coord");
    let y = int(field(this, "y"));
    let chrono = deref(&s, arg(&s, "chrono"));
    let time = chrono.map(|(_, c)| {
        assert_eq!(c.class, "coord.Chrono");
        int(field(c, "time"))
    });
    let speed = int(arg(&s, "speed"));
    assert!(chrono.is_some(), "chrono != null:\n{s}");
    assert!(time.unwrap() > 0, "chrono.time > 0:\n{s}");
    assert!(speed > 0, "speed > 0:\n{s}");
    assert!(
        move_y_reaches_i(y, time, speed),
        "y + chrono.time * speed > 65536:\n{s}"
    );
}

/// Item 2: `x > 0 && x < 0` is infeasible, and the search proves it.
#[test]
fn contradiction_is_unreachable() {
    let (cp, class) = samples();
    let name = "contradiction";
    let c = code(method(&class, name));
    match run(&cp, &class, name, targets_pc(c, name)).verdict {
        Verdict::Unreachable { .. } => {}
        other => panic!("expected unreachable, got {other:?}"),
    }
    // The other exit is reachable: the proof is not a dead method's.
    let s = reach(&cp, &class, name, return_const_pc(c, 0));
    int(arg(&s, "x"));
}

/// Item 3: cyclic heap shapes.
#[test]
fn heap_cycles() {
    let s = reach_target("selfLoop");
    let (p, cell) = object(&s, arg(&s, "p"));
    assert_eq!(cell.class, "core.Cell");
    assert_eq!(object(&s, field(cell, "next")).0, p, "p.next == p:\n{s}");

    let s = reach_target("twoCycle");
    let (p, cell) = object(&s, arg(&s, "p"));
    let (q, next) = object(&s, field(cell, "next"));
    assert_ne!(p, q, "p != p.next:\n{s}");
    assert_eq!(
        object(&s, field(next, "next")).0,
        p,
        "p.next.next == p:\n{s}"
    );
    assert_eq!(
        (cell.class.as_str(), next.class.as_str()),
        ("core.Cell", "core.Cell")
    );
}

/// Item 4: machine arithmetic, 32 and 64 bits.
#[test]
fn overflow_and_nonlinear_arithmetic() {
    let s = reach_target("overflow");
    let (a, b) = (int(arg(&s, "a")), int(arg(&s, "b")));
    assert!(
        b > 0 && a.wrapping_add(b) < a,
        "b > 0 && a + b < a (32-bit):\n{s}"
    );

    let s = reach_target("square");
    let x = int(arg(&s, "x"));
    assert!(
        x.wrapping_mul(x) == 144 && x < 0,
        "x * x == 144 && x < 0:\n{s}"
    );
    assert_eq!(x, -12, "the value of least magnitude");

    let s = reach_target("overflowLong");
    let (a, b) = (long(arg(&s, "a")), long(arg(&s, "b")));
    assert!(
        b > 0 && a.wrapping_add(b) < a,
        "b > 0 && a + b < a (64-bit):\n{s}"
    );

    let s = reach_target("squareLong");
    let x = long(arg(&s, "x"));
    assert!(
        x.wrapping_mul(x) == 144 && x < 0,
        "x * x == 144 && x < 0 (64-bit):\n{s}"
    );
    assert_eq!(x, -12);
}

/// Item 5: `instanceof` and `checkcast` need an object of a subclass.
#[test]
fn type_tests_choose_the_subclass() {
    let s = reach_target("isSquare");
    let (_, shape) = object(&s, arg(&s, "s"));
    assert_eq!(shape.class, "core.Square", "s instanceof Square:\n{s}");

    // castSquare's `return q.sides` returns only when `o` is a Square: null
    // passes the checkcast but not the getfield. Its first instruction
    // (aload_1, the README's pc) is reached by null too.
    let (cp, class) = samples();
    let c = code(method(&class, "castSquare"));
    let line = source_line("core/Targets.java", "castSquare(", "// target");
    let ireturn = *c.pcs_of_line(line).last().unwrap();
    assert!(matches!(
        c.instruction_at(ireturn).unwrap().op,
        Op::Return(Some(Kind::Int))
    ));
    let s = reach(&cp, &class, "castSquare", ireturn);
    let (_, o) = object(&s, arg(&s, "o"));
    assert_eq!(o.class, "core.Square", "(Square) o, then q.sides:\n{s}");

    let s = reach(&cp, &class, "castSquare", pc_of_line(c, line));
    if let Some((_, o)) = deref(&s, arg(&s, "o")) {
        assert_eq!(
            o.class, "core.Square",
            "null or a Square passes the checkcast:\n{s}"
        );
    }
}

/// Item 6: every block of trityp is decided (never unknown), and every
/// state found runs through its block and returns what the block returns.
#[test]
fn trityp_every_block() {
    let cp = support::sample_classpath();
    let class = cp.load("trityp/Trityp").expect("trityp.Trityp loads");
    let c = code(method(&class, "trityp"));
    let cfg = Cfg::build(&cp, c).expect("trityp's CFG");
    let starts: Vec<Pc> = cfg
        .blocks()
        .iter()
        .filter_map(|&b| cfg.block(b))
        .map(|b| b.start)
        .collect();
    let timer = Instant::now();
    let (mut reached, mut unreachable) = (Vec::new(), Vec::new());
    for &pc in &starts {
        match run(&cp, &class, "trityp", pc).verdict {
            Verdict::Reached { state, .. } => {
                let (i, j, k) = (
                    int(arg(&state, "i")),
                    int(arg(&state, "j")),
                    int(arg(&state, "k")),
                );
                let (result, trace) = interpret_ints(c, &[i, j, k]);
                assert!(
                    trace.contains(&pc),
                    "trityp({i}, {j}, {k}) does not run pc {pc}"
                );
                assert_eq!(
                    trityp(i, j, k),
                    result,
                    "the Rust trityp agrees with the bytecode"
                );
                if let Some(v) = returned_const(c, pc) {
                    assert_eq!(
                        trityp(i, j, k),
                        v,
                        "block {pc} returns {v}; trityp({i}, {j}, {k})"
                    );
                }
                reached.push(pc);
            }
            Verdict::Unreachable { .. } => unreachable.push(pc),
            Verdict::Unknown { reasons } => panic!("block at pc {pc}: unknown: {reasons:?}"),
        }
    }
    eprintln!(
        "trityp: {} blocks, {} reached, {} unreachable {unreachable:?}, in {:.2?}",
        starts.len(),
        reached.len(),
        unreachable.len(),
        timer.elapsed()
    );
    // javac's trityp has no dead block: the impossible values of `tri`
    // (4 and 5) have no code of their own, and each return is reachable
    // (README: "every statement is reachable"). Check it independently by
    // running the bytecode on small inputs.
    let mut covered = std::collections::BTreeSet::new();
    for i in 0..=5 {
        for j in 0..=5 {
            for k in 0..=5 {
                covered.extend(interpret_ints(c, &[i, j, k]).1);
            }
        }
    }
    assert!(
        starts.iter().all(|pc| covered.contains(pc)),
        "every block runs on some input"
    );
    assert_eq!(reached, starts, "every block is reached");
}

/// Writes `foo/Foo<n>.java` (foo with `static final int a = n`) and
/// compiles it into `dir`.
fn compile_foo_variant(dir: &Path, n: i32) -> String {
    let sample = std::fs::read_to_string(support::repo().join("samples/src/foo/Foo.java")).unwrap();
    let start = sample.find("public static int foo(").expect("foo's body");
    let end = sample.rfind('}').expect("the class's end");
    let body = &sample[start..end];
    let name = format!("Foo{n}");
    let source = format!(
        "package foo;\n\npublic class {name} {{\n    static final int a = {n};\n\n    {body}}}\n"
    );
    let src = dir.join("src/foo");
    std::fs::create_dir_all(&src).unwrap();
    let file = src.join(format!("{name}.java"));
    std::fs::write(&file, source).unwrap();
    let status = Command::new(support::jdk_tool("javac"))
        .args(["--release", "11", "-g", "-d"])
        .arg(dir.join("classes"))
        .arg(&file)
        .status()
        .expect("javac runs");
    assert!(status.success(), "javac {name}.java");
    format!("foo/{name}")
}

/// Item 7: foo (Fig. 4) needs exactly 42 loop iterations.
#[test]
fn foo_loop_runs_42_times() {
    // The sample: `static int a = 1`, which no method writes, holds 1.
    let cp = support::sample_classpath();
    let class = cp.load("foo/Foo").expect("foo.Foo loads");
    let c = code(method(&class, "foo"));
    let target = pc_of_line(c, source_line("foo/Foo.java", "foo(int i)", "return 1;"));
    assert_eq!(returned_const(c, target), Some(1));
    let s = reach(&cp, &class, "foo", target);
    assert!(s.statics.is_empty(), "{s}");
    assert_eq!(s.initial_statics[0].field, "a", "{s}");
    assert_eq!(s.initial_statics[0].holds, "1", "{s}");
    let (i, a) = (int(arg(&s, "i")), 1);
    assert_eq!(
        foo_iterations(i, a, 1000),
        Some(42),
        "i = {i}, a = {a}:\n{s}"
    );

    // `a` a constant: 1, 10, 100, 1000.
    let dir = tempfile::tempdir().unwrap();
    for n in [1, 10, 100, 1000] {
        let name = compile_foo_variant(dir.path(), n);
        let mut cp = Program::new(ClassPath::new().expect("a JDK"));
        cp.add(&dir.path().join("classes")).unwrap();
        let class = cp.load(&name).unwrap();
        let pc = return_const_pc(code(method(&class, "foo")), 1);
        let timer = Instant::now();
        let s = reach(&cp, &class, "foo", pc);
        let i = int(arg(&s, "i"));
        eprintln!("foo with a = {n}: i = {i} in {:.2?}", timer.elapsed());
        assert_eq!(foo_iterations(i, n, 1000), Some(42), "a = {n}, i = {i}");
        assert!(s.statics.is_empty(), "a constant `a` is no input:\n{s}");
    }
}

/// Item 8: the JSON form of the CLI, and its exit codes.
#[test]
fn json_output_and_exit_codes() {
    let coord = support::sample_class("coord/Coord");
    let out = support::jaut(&[
        coord.to_str().unwrap(),
        "--method",
        "moveY",
        "--pc",
        "51",
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        support::stderr(&out)
    );
    let v: serde_json::Value =
        serde_json::from_str(&support::stdout(&out)).expect("JSON on stdout");
    assert_eq!(v["verdict"], "reached");
    assert_eq!(v["target"]["pc"], 51);
    assert_eq!(v["target"]["method"], "moveY");
    let state = &v["state"];
    let objects = state["objects"].as_array().expect("state.objects");
    let obj = |r: &serde_json::Value| {
        let i = r["ref"]
            .as_u64()
            .unwrap_or_else(|| panic!("a reference: {r}")) as usize;
        assert_eq!(objects[i]["id"], i as u64);
        &objects[i]
    };
    let field = |o: &serde_json::Value, name: &str| {
        let f = o["fields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name);
        f.unwrap_or_else(|| panic!("no field {name} in {o}"))["value"]
            .as_i64()
            .unwrap()
    };
    let this = obj(&state["this"]);
    assert_eq!(this["class"], "coord.Coord");
    assert_eq!(state["args"][0]["name"], "chrono");
    assert_eq!(state["args"][1]["name"], "speed");
    assert_eq!(state["args"][1]["type"], "int");
    let chrono = obj(&state["args"][0]["value"]);
    assert_eq!(chrono["class"], "coord.Chrono");
    let speed = state["args"][1]["value"].as_i64().unwrap() as i32;
    let (y, time) = (field(this, "y") as i32, field(chrono, "time") as i32);
    assert!(move_y_reaches_i(y, Some(time), speed), "{state}");

    let targets = support::sample_class("core/Targets");
    let (_, class) = samples();
    let pc = targets_pc(code(method(&class, "contradiction")), "contradiction").to_string();
    let out = support::jaut(&[
        targets.to_str().unwrap(),
        "--method",
        "contradiction",
        "--pc",
        &pc,
        "--format",
        "json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "stderr: {}",
        support::stderr(&out)
    );
    let v: serde_json::Value =
        serde_json::from_str(&support::stdout(&out)).expect("JSON on stdout");
    assert_eq!(v["verdict"], "unreachable");
    assert!(v.get("state").is_none());
}

/// Item 9: statics, JVM-specific semantics, switches, calls and `new`.
#[test]
fn statics_jvm_semantics_switches_and_calls() {
    let s = reach_target("staticGuard");
    assert_eq!(int(static_value(&s, "core.Targets", "mode")), 7, "{s}");

    let s = reach_target("shifts");
    let x = int(arg(&s, "x"));
    let shl = x.wrapping_shl(33 & 31);
    let ushr = ((x as u32) >> (31 & 31)) as i32;
    assert!(
        shl == 8 && ushr == 1,
        "(x << 33) == 8 && (x >>> 31) == 1:\n{s}"
    );

    let s = reach_target("division");
    let (x, y) = (int(arg(&s, "x")), int(arg(&s, "y")));
    assert!(y != 0 && x.wrapping_div(y) == i32::MIN && y == -1, "{s}");

    let s = reach_target("narrowing");
    let x = int(arg(&s, "x"));
    assert!((x as i8) == -1 && (x as u16) == 65535 && x > 0, "{s}");

    let s = reach_target("viaCall");
    let x = int(arg(&s, "x"));
    assert_eq!(x.wrapping_add(x), 84, "twice(x) == 84:\n{s}");

    let s = reach_target("viaCallee");
    let x = int(arg(&s, "x"));
    let callee = if x < 0 {
        x.wrapping_neg()
    } else {
        x.wrapping_add(1)
    };
    assert!(callee == 5 && x < 0, "callee(x) == 5 && x < 0:\n{s}");

    let s = reach_target("viaNew");
    assert_eq!(int(arg(&s, "x")), 9, "{s}");
}

/// Item 9, switches: every case of the tableswitch and the lookupswitch,
/// and their defaults.
#[test]
fn switch_cases_and_defaults() {
    // Java's switches(k) and sparse(k).
    let switches = |k: i32| match k {
        1 => 11,
        2 => 12,
        3 => 13,
        4 => 1,
        5 => 15,
        _ => 0,
    };
    let sparse = |k: i32| match k {
        10 => 10,
        1000 => 1000,
        100000 => 1,
        _ => 0,
    };
    let (cp, class) = samples();
    for (name, java) in [
        ("switches", &switches as &dyn Fn(i32) -> i32),
        ("sparse", &sparse),
    ] {
        let c = code(method(&class, name));
        let cfg = Cfg::build(&cp, c).unwrap();
        let mut cases = Vec::new();
        for (_, to, edge) in cfg.edges() {
            if let jaut::cfg::Edge::Switch { key, .. } = edge {
                cases.push((*key, cfg.block(to).unwrap().start));
            }
        }
        let defaults = cases
            .iter()
            .filter(|(k, _)| *k == SwitchKey::Default)
            .count();
        assert_eq!(defaults, 1, "{name}: one default");
        assert!(cases.len() >= 4, "{name}: {cases:?}");
        for (key, pc) in cases {
            let s = reach(&cp, &class, name, pc);
            let k = int(arg(&s, "k"));
            match key {
                SwitchKey::Case(v) => assert_eq!(k, v, "{name}: case {v} at pc {pc}"),
                SwitchKey::Default => assert_eq!(java(k), 0, "{name}: default with k = {k}"),
            }
            let returns = returned_const(c, pc).expect("each case returns a constant");
            assert_eq!(java(k), returns, "{name}({k}) returns what pc {pc} returns");
        }
    }
    // The targets of the issue: case 4 and case 100000.
    assert_eq!(int(arg(&reach_target("switches"), "k")), 4);
    assert_eq!(int(arg(&reach_target("sparse"), "k")), 100000);
}

// ------------------------------------------- defects found along the way

/// `Verdict::Unreachable::conflicts` "names where paths died (conditions by
/// source line)": for `contradiction`, the condition of line 17.
#[test]
fn contradiction_conflict_names_the_condition() {
    let (cp, class) = samples();
    let name = "contradiction";
    let line = source_line(
        "core/Targets.java",
        "int contradiction(",
        "if (x > 0 && x < 0)",
    );
    let pc = targets_pc(code(method(&class, name)), name);
    let Verdict::Unreachable { conflicts } = run(&cp, &class, name, pc).verdict else {
        panic!("expected unreachable");
    };
    assert!(
        conflicts
            .iter()
            .any(|c| c.ends_with(&format!("line {line}"))),
        "no conflict names line {line}: {conflicts:?}"
    );
}

/// `PathStep` is "one block of the path found, in execution order": a path
/// without loops never lists the same step twice in a row.
#[test]
fn path_lists_each_step_once() {
    let (cp, class) = samples();
    for name in ["viaCallee", "viaCall", "viaNew"] {
        let pc = targets_pc(code(method(&class, name)), name);
        let Verdict::Reached { path, .. } = run(&cp, &class, name, pc).verdict else {
            panic!("{name}: expected reached");
        };
        for pair in path.windows(2) {
            assert_ne!(pair[0], pair[1], "{name}: a repeated step in {path:#?}");
        }
    }
}

/// A target behind 200 loop iterations puts the backward search hundreds
/// of recursion levels deep; on a thread with a 128 KiB stack (cover's
/// workers have 2 MiB) it used to overflow the stack and abort the whole
/// process. The recursion now continues on new stack segments: the path is
/// bounded by `--max-path` alone.
#[test]
fn a_deep_path_does_not_overflow_a_small_stack() {
    let state = std::thread::Builder::new()
        .stack_size(128 * 1024)
        .spawn(|| {
            let cp = support::sample_classpath();
            let class = cp.load("loops/Deep").expect("loops.Deep loads");
            let c = code(method(&class, "countdown"));
            let target = pc_of_line(c, source_line("loops/Deep.java", "countdown", "return 1;"));
            reach(&cp, &class, "countdown", target)
        })
        .expect("a thread")
        .join()
        .expect("the search ends without a panic");
    assert_eq!(int(arg(&state, "n")), 200, "{state}");
}

// ------------------------------------------------- one thread, many searches

/// The verdict of `solverstate.TypeTests.arrayAfterCollection` at its
/// `// target` (the `Object[]` branch): reachable, with `new Object[0]`.
fn array_after_collection(cp: &Program, class: &Arc<Class>) -> Verdict {
    let m = method(class, "arrayAfterCollection");
    let line = source_line(
        "solverstate/TypeTests.java",
        "arrayAfterCollection(",
        "// target",
    );
    run(cp, class, "arrayAfterCollection", pc_of_line(code(m), line)).verdict
}

/// A search on a thread that searched before answers as on a fresh one:
/// the pooled solver keeps no declaration of an earlier search's
/// predicates. Before the fix, `twoArrays` left two `Object[]` type-test
/// predicates declared at its predicate ids 0 and 1 under one name, and
/// the next search's two different predicates (its `Collection` and
/// `Object[]` tests) became one function: the `Object[]` branch,
/// reachable, was proved unreachable (as `CollectionUtils.sizeIsEmpty`
/// pc 74 in a `jaut cover` of its class).
#[test]
fn a_search_does_not_inherit_the_last_ones_predicates() {
    let cp = support::sample_classpath();
    let class = cp.load("solverstate/TypeTests").expect("TypeTests loads");
    // Alone: on a thread of its own, whose solver served no other search.
    let alone = std::thread::scope(|s| {
        s.spawn(|| array_after_collection(&cp, &class))
            .join()
            .expect("the search thread")
    });
    assert!(
        !matches!(alone, Verdict::Unreachable { .. }),
        "alone: {alone:?}"
    );
    let first = method(&class, "twoArrays");
    run(&cp, &class, "twoArrays", return_const_pc(code(first), 1));
    let after = array_after_collection(&cp, &class);
    assert_eq!(after.name(), alone.name(), "after twoArrays: {after:?}");
}
