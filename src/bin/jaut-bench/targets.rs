//! `jaut-bench targets`: the samples' targets, searched in one process.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use jaut::cfg::Cfg;
use jaut::classfile::{Class, Op};
use jaut::classpath::ClassPath;
use jaut::program::Program;
use jaut::search::{self, Config, Outcome};

/// One target: a label, a class, a method and a pc.
struct Target {
    label: String,
    class: Arc<Class>,
    method: usize,
    pc: u32,
}

/// The pc of a method's first `iconst_1; ireturn` (the samples' "return 1"
/// targets), or of its first `ireturn` when there is none.
fn return_one(class: &Class, method: usize) -> Option<u32> {
    let code = class.methods[method].code.as_ref()?;
    let insns = &code.instructions;
    insns
        .windows(2)
        .find(|w| {
            matches!(&w[0].op, Op::Const(c) if **c == jaut::classfile::bytecode::Constant::Int(1))
                && matches!(w[1].op, Op::Return(_))
        })
        .map(|w| w[0].pc)
        .or_else(|| {
            insns
                .iter()
                .find(|i| matches!(i.op, Op::Return(_)))
                .map(|i| i.pc)
        })
}

fn method_index(class: &Class, name: &str) -> anyhow::Result<usize> {
    class
        .methods
        .iter()
        .position(|m| m.name == name)
        .ok_or_else(|| anyhow::anyhow!("{} has no method {name}", class.name))
}

/// Compiles the samples into `dir` (skipped when up to date).
pub(crate) fn build_samples(dir: &Path) -> anyhow::Result<()> {
    let status = Command::new("bash")
        .arg("samples/build.sh")
        .arg(dir)
        .status()?;
    anyhow::ensure!(status.success(), "samples/build.sh failed");
    Ok(())
}

/// Compiles foo with `a` a compile-time constant N, as `foo.FooA<N>`.
fn foo_variant(dir: &Path, n: u32) -> anyhow::Result<()> {
    let src = dir.join("src/foo");
    std::fs::create_dir_all(&src)?;
    let name = format!("FooA{n}");
    let file = src.join(format!("{name}.java"));
    std::fs::write(
        &file,
        format!(
            "package foo;\n\
             public class {name} {{\n    \
                 static final int a = {n};\n    \
                 public static int foo(int i) {{\n        \
                     int j = 0;\n        \
                     while (i > 0) {{\n            i = i - a;\n            j = j + 1;\n        }}\n        \
                     if (j == 42) {{\n            return 1;\n        }}\n        \
                     return 0;\n    \
                 }}\n\
             }}\n"
        ),
    )?;
    let javac = jaut::java_home::jdk_tool("javac");
    let status = Command::new(javac)
        .args(["--release", "11", "-g", "-d"])
        .arg(dir.join("classes"))
        .arg(&file)
        .status()?;
    anyhow::ensure!(status.success(), "javac failed on {}", file.display());
    Ok(())
}

fn targets(cp: &ClassPath) -> anyhow::Result<Vec<Target>> {
    let mut out = Vec::new();
    let mut add = |label: String, class: &Arc<Class>, method: usize, pc: u32| {
        out.push(Target {
            label,
            class: class.clone(),
            method,
            pc,
        })
    };
    let coord = cp.load("coord/Coord")?;
    add(
        "Coord.moveY pc 51".into(),
        &coord,
        method_index(&coord, "moveY")?,
        51,
    );

    let core = cp.load("core/Targets")?;
    for name in [
        "contradiction",
        "selfLoop",
        "twoCycle",
        "overflow",
        "square",
        "overflowLong",
        "squareLong",
        "isSquare",
        "castSquare",
        "staticGuard",
        "shifts",
        "division",
        "narrowing",
        "viaCall",
        "viaCallee",
        "viaNew",
    ] {
        let m = method_index(&core, name)?;
        let pc = return_one(&core, m).ok_or_else(|| anyhow::anyhow!("no target in {name}"))?;
        add(format!("Targets.{name} pc {pc}"), &core, m, pc);
    }

    let trityp = cp.load("trityp/Trityp")?;
    let m = method_index(&trityp, "trityp")?;
    let code = trityp.methods[m].code.as_ref().expect("trityp has code");
    let cfg = Cfg::build(cp, code)?;
    for &b in cfg.blocks() {
        let pc = cfg.block(b).expect("a block").start;
        add(format!("Trityp.trityp pc {pc}"), &trityp, m, pc);
    }

    let sample = cp.load("foo/Foo")?;
    let m = method_index(&sample, "foo")?;
    add(
        format!(
            "Foo.foo pc {} (static a is an input)",
            return_one(&sample, m).unwrap_or(0)
        ),
        &sample,
        m,
        return_one(&sample, m).unwrap_or(0),
    );
    // Objects, arrays, exceptions, JDK calls and contracts: the
    // "return 1" targets, and the first instruction of each handler.
    for (class, names) in [
        (
            "arrays/Arrays",
            &["isOneTwoThree", "sum", "alias", "hello", "objects", "bytes"][..],
        ),
        (
            "jdk/Inputs",
            &["sizeOver3", "xFive", "greet", "absolute", "boxed", "copy"][..],
        ),
    ] {
        let c = cp.load(class)?;
        for name in names {
            let m = method_index(&c, name)?;
            let pc = return_one(&c, m).ok_or_else(|| anyhow::anyhow!("no target in {name}"))?;
            add(format!("{}.{name} pc {pc}", c.java_name()), &c, m, pc);
        }
    }
    let handlers = cp.load("exceptions/Handlers")?;
    for name in [
        "npeCaught",
        "inFinally",
        "divide",
        "element",
        "parse",
        "cast",
    ] {
        let m = method_index(&handlers, name)?;
        let code = handlers.methods[m].code.as_ref().expect("code");
        for h in &code.handlers {
            add(
                format!("Handlers.{name} handler pc {}", h.handler),
                &handlers,
                m,
                h.handler,
            );
        }
    }
    for (class, names) in [
        ("lists/Node", &["insertBefore"][..]),
        ("lists/DoublyLinkedList", &["pop", "add", "remove"][..]),
        (
            "rbtree/RedBlackTree",
            &[
                "rotateLeft",
                "deleteEntry",
                "fixAfterDeletion",
                "fixAfterInsertion",
            ][..],
        ),
        ("josephus/Josephus", &["josephus"][..]),
    ] {
        let c = cp.load(class)?;
        for name in names {
            let m = method_index(&c, name)?;
            let code = c.methods[m].code.as_ref().expect("code");
            let cfg = Cfg::build(cp, code)?;
            for &b in cfg.blocks() {
                let pc = cfg.block(b).expect("a block").start;
                add(format!("{}.{name} pc {pc}", c.java_name()), &c, m, pc);
            }
        }
    }
    for n in [1, 10, 100, 1000] {
        let c = cp.load(&format!("foo/FooA{n}"))?;
        let m = method_index(&c, "foo")?;
        add(
            format!("FooA{n}.foo (a = {n})"),
            &c,
            m,
            return_one(&c, m).unwrap_or(0),
        );
    }
    Ok(out)
}

fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub fn run(samples: &Path, timeout: f64, only: Option<&str>, repeat: usize) -> anyhow::Result<()> {
    build_samples(samples)?;
    let variants = Path::new("target/bench/foo-variants");
    for n in [1, 10, 100, 1000] {
        foo_variant(variants, n)?;
    }
    let mut cp = Program::new(ClassPath::new()?);
    cp.add(samples)?;
    cp.add(&variants.join("classes"))?;
    let config = Config::default().with_timeout(Duration::from_secs_f64(timeout));

    let mut list = targets(&cp)?;
    if let Some(only) = only {
        list.retain(|t| t.label.contains(only));
        anyhow::ensure!(!list.is_empty(), "no target matches {only}");
    }
    // A first search warms up what a long run shares (the JDK's classes,
    // the solver); it is not counted.
    let warm = &list[0];
    let _ = search::search(
        &cp,
        &warm.class,
        &warm.class.methods[warm.method],
        warm.pc,
        &config,
    );

    println!(
        "{:<44} {:<12} {:>9} {:>9} {:>9} {:>7}",
        "target", "verdict", "total ms", "solver", "labeling", "checks"
    );
    let mut times = Vec::new();
    let (mut solver, mut labeling, mut total) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for t in &list {
        let method = &t.class.methods[t.method];
        let mut runs: Vec<Outcome> = (0..repeat)
            .map(|_| search::search(&cp, &t.class, method, t.pc, &config))
            .collect::<Result<_, _>>()?;
        runs.sort_by_key(|o| o.stats.total);
        let Outcome { verdict, stats } = runs.swap_remove(runs.len() / 2);
        println!(
            "{:<44} {:<12} {:>9.2} {:>9.2} {:>9.2} {:>7}",
            t.label,
            verdict.name(),
            ms(stats.total),
            ms(stats.solver),
            ms(stats.labeling),
            stats.checks
        );
        if let jaut::search::Verdict::Unknown { reasons } = &verdict {
            for r in reasons {
                println!("    {r}");
            }
        }
        times.push(stats.total);
        solver += stats.solver;
        labeling += stats.labeling;
        total += stats.total;
    }
    times.sort();
    let median = times[times.len() / 2];
    let max = *times.last().expect("targets");
    println!();
    println!(
        "machine      {} cores, {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        super::cpu_model()
    );
    println!("targets      {}", times.len());
    println!(
        "per target   median {:.2} ms, max {:.2} ms",
        ms(median),
        ms(max)
    );
    println!(
        "split        total {:.1} ms = solver {:.1} ms (labeling's included) + search and the rest {:.1} ms; labeling {:.1} ms",
        ms(total),
        ms(solver),
        ms(total.saturating_sub(solver)),
        ms(labeling)
    );
    if let Some(rss) = peak_rss_mib() {
        println!("peak RSS     {rss:.0} MiB");
    }
    Ok(())
}
