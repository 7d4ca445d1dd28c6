//! `jaut-bench paper`: the JAUT paper's experiments, reproduced.
//!
//! Fig. 5: `jaut cover` on the paper's 12 methods (one cover run over all
//! of them, replaying every test in the JVM), each method's coverage and
//! time beside the published JAUT, Pex and jCUTE figures
//! (`../shared/reference/jaut-fig5.md`), the time split and the machine.
//! Fig. 4: time to reach foo's target as `a` grows from 1 to 10,000 (foo
//! compiled with `a` a constant), drawn as an SVG plot with `plotters`.
//! Peak memory is the largest sum of the resident sizes of this process
//! and its replay workers, sampled every 20 ms.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use jaut::classpath::ClassPath;
use jaut::cover::{self, report::Row, JvmReplayers};

/// The line after which RESULTS.md holds sections this command does not
/// write, kept as they are.
const KEPT_MARKER: &str =
    "<!-- Not generated: the sections below are kept by jaut-bench paper. -->";

/// The methods of Fig. 5: (label in the paper, class, method).
const FIG5: [(&str, &str, &str); 12] = [
    ("trityp", "trityp/Trityp", "trityp"),
    ("foo", "foo/Foo", "foo"),
    ("josephus", "josephus/Josephus", "josephus"),
    ("josephus/m", "josephus/Josephus", "josephusM"),
    ("Node.insertBefore", "lists/Node", "insertBefore"),
    ("DoublyLinkedList.pop", "lists/DoublyLinkedList", "pop"),
    ("DoublyLinkedList.add", "lists/DoublyLinkedList", "add"),
    (
        "DoublyLinkedList.remove",
        "lists/DoublyLinkedList",
        "remove",
    ),
    (
        "RedBlackTree.rotateLeft",
        "rbtree/RedBlackTree",
        "rotateLeft",
    ),
    (
        "RedBlackTree.deleteEntry",
        "rbtree/RedBlackTree",
        "deleteEntry",
    ),
    (
        "RedBlackTree.fixAfterDeletion",
        "rbtree/RedBlackTree",
        "fixAfterDeletion",
    ),
    (
        "RedBlackTree.fixAfterInsertion",
        "rbtree/RedBlackTree",
        "fixAfterInsertion",
    ),
];

/// Published figures (Fig. 5 of the paper): #Bc, #To, then coverage and
/// seconds for jCUTE, Pex and JAUT (`None` = the 3600 s timeout).
type Published = (
    u32,
    u32,
    &'static str,
    Option<f64>,
    &'static str,
    Option<f64>,
    &'static str,
    Option<f64>,
);
const PUBLISHED: [Published; 12] = [
    (
        89,
        24,
        "83.3%",
        Some(2.20),
        "100%",
        Some(4.17),
        "100%",
        Some(3132.00),
    ),
    (
        15,
        3,
        "100%",
        Some(10.90),
        "66%",
        Some(4.51),
        "100%",
        Some(0.17),
    ),
    (
        51,
        3,
        "100%",
        Some(1.06),
        "100%",
        Some(8.07),
        "100%",
        Some(0.36),
    ),
    (60, 5, "70%", Some(192.00), "100%", Some(8.41), "60%", None),
    (
        36,
        4,
        "100%",
        Some(3.02),
        "100%",
        Some(4.03),
        "100%",
        Some(0.20),
    ),
    (
        13,
        2,
        "100%",
        Some(2.16),
        "100%",
        Some(0.59),
        "100%",
        Some(0.13),
    ),
    (
        42,
        4,
        "100%",
        Some(9.19),
        "100%",
        Some(6.09),
        "100%",
        Some(0.14),
    ),
    (
        31,
        4,
        "100%",
        Some(2.94),
        "100%",
        Some(0.69),
        "100%",
        Some(0.16),
    ),
    (
        48,
        5,
        "20%",
        Some(26.56),
        "88.9%",
        Some(0.65),
        "100%",
        Some(0.23),
    ),
    (
        124,
        14,
        "50%",
        Some(2.12),
        "78.6%",
        Some(56.00),
        "100%",
        Some(1.44),
    ),
    (
        175,
        11,
        "36.3%",
        Some(1.11),
        "81.9%",
        Some(92.00),
        "100%",
        Some(7.78),
    ),
    (
        127,
        9,
        "19%",
        Some(1.30),
        "44.4%",
        Some(120.00),
        "100%",
        Some(22.18),
    ),
];

/// The values of `a` of Fig. 4.
const FOO_A: [u32; 9] = [1, 3, 10, 30, 100, 300, 1000, 3000, 10000];

pub struct Options {
    pub samples: PathBuf,
    pub out: PathBuf,
    pub jobs: usize,
    pub timeout: f64,
    /// Skip Fig. 4 (the foo series).
    pub no_fig4: bool,
}

fn javac() -> PathBuf {
    jaut::java_home::jdk_tool("javac")
}

/// Compiles foo with `a` a compile-time constant for every value of Fig. 4,
/// as `foo.FooA<N>`, in one javac run.
fn foo_variants(dir: &Path) -> anyhow::Result<()> {
    let src = dir.join("src/foo");
    std::fs::create_dir_all(&src)?;
    let mut files = Vec::new();
    for n in FOO_A {
        let name = format!("FooA{n}");
        let file = src.join(format!("{name}.java"));
        std::fs::write(
            &file,
            format!(
                "package foo;\n\npublic class {name} {{\n    static final int a = {n};\n\n    \
                 public static int foo(int i) {{\n        int j = 0;\n        while (i > 0) {{\n            \
                 i = i - a;\n            j = j + 1;\n        }}\n        if (j == 42) {{\n            \
                 return 1;\n        }}\n        return 0;\n    }}\n}}\n"
            ),
        )?;
        files.push(file);
    }
    let status = Command::new(javac())
        .args(["--release", "11", "-g", "-d"])
        .arg(dir.join("classes"))
        .args(&files)
        .status()?;
    anyhow::ensure!(status.success(), "javac failed on the foo variants");
    Ok(())
}

struct Fig5Run {
    report: cover::Report,
    /// Loading the classes (the CFGs and targets are in the report's parse time).
    load: Duration,
    peak_mib: f64,
}

fn fig5(samples: &Path, jobs: usize, timeout: f64) -> anyhow::Result<Fig5Run> {
    let sampler = crate::memory::MemorySampler::start();
    let start = Instant::now();
    let mut cp = ClassPath::new()?;
    cp.add(samples)?;
    let mut units = Vec::new();
    for (label, class, method) in FIG5 {
        let c = cp.load(class)?;
        let u = cover::units(&[c], Some(method));
        anyhow::ensure!(u.len() == 1, "{label}: {} methods named {method}", u.len());
        units.extend(u);
    }
    let load = start.elapsed();
    let config = cover::Config {
        search: jaut::search::Config::default().with_timeout(Duration::from_secs_f64(timeout)),
        jobs,
        budget: None,
        first_slice: cover::schedule::FIRST_SLICE,
        first_pass: true,
    };
    let replayers = JvmReplayers {
        class_path: vec![samples.to_path_buf()],
    };
    let mut report = cover::run(
        &cp,
        units,
        None,
        &config,
        Some(&replayers),
        &mut |_| {},
        &mut |_| {},
    )?;
    report.timing.parse += load;
    let peak_mib = sampler.finish();
    Ok(Fig5Run {
        report,
        load,
        peak_mib,
    })
}

struct FooPoint {
    a: u32,
    search: Duration,
    replay: Duration,
    verdict: String,
    input: String,
}

/// Fig. 4: one search for foo's target (`return 1`) per value of `a`, and
/// the replay of the state found.
fn fig4(variants: &Path, timeout: f64) -> anyhow::Result<Vec<FooPoint>> {
    let mut cp = ClassPath::new()?;
    cp.add(&variants.join("classes"))?;
    let config = jaut::search::Config::default().with_timeout(Duration::from_secs_f64(timeout));
    let mut replayer =
        jaut::replay::Replayer::start(&[variants.join("classes")], config.assertions)?;
    let mut out = Vec::new();
    for a in FOO_A {
        let class = cp.load(&format!("foo/FooA{a}"))?;
        let method = class
            .methods
            .iter()
            .find(|m| m.name == "foo")
            .ok_or_else(|| anyhow::anyhow!("FooA{a} has no foo"))?;
        let code = method.code.as_ref().expect("foo has code");
        // The target: the `return 1` (iconst_1 followed by ireturn).
        let pc = code
            .instructions
            .windows(2)
            .find(|w| w[0].mnemonic() == "iconst_1" && w[1].mnemonic() == "ireturn")
            .map(|w| w[0].pc)
            .ok_or_else(|| anyhow::anyhow!("FooA{a}: no `return 1`"))?;
        let outcome = jaut::search::search(&cp, &class, method, pc, &config)?;
        let mut point = FooPoint {
            a,
            search: outcome.stats.total,
            replay: Duration::ZERO,
            verdict: outcome.verdict.name().to_string(),
            input: String::new(),
        };
        if let jaut::search::Verdict::Reached { state, .. } = &outcome.verdict {
            point.input = state
                .args
                .iter()
                .map(|a| match &a.value {
                    jaut::labeling::Value::Int(i) => format!("{} = {i}", a.name),
                    other => format!("{} = {other:?}", a.name),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let t = Instant::now();
            let request = jaut::replay::ReplayRequest::new(&class, method, Some(pc), state);
            match replayer.replay(&request) {
                Ok(o) if o.reached => point.verdict = "reached (replayed)".into(),
                Ok(_) => point.verdict = "reached by the search, not by the replay".into(),
                Err(e) => point.verdict = format!("replay failed: {e}"),
            }
            point.replay = t.elapsed();
        }
        eprintln!("foo a = {a}: {} in {:.2?}", point.verdict, point.search);
        out.push(point);
    }
    Ok(out)
}

/// The Fig. 4 plot: search time against `a` (log scale).
fn plot(points: &[FooPoint], path: &Path) -> anyhow::Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (720, 420)).into_drawing_area();
    root.fill(&WHITE)?;
    let max = points
        .iter()
        .map(|p| p.search.as_secs_f64())
        .fold(0.0f64, f64::max)
        .max(0.01)
        * 1.15;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Fig. 4: time to reach foo's target as a grows",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((1f64..10_000f64).log_scale(), 0f64..max)?;
    chart
        .configure_mesh()
        .x_desc("a (log scale)")
        .y_desc("search time (s)")
        .draw()?;
    let series: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (f64::from(p.a), p.search.as_secs_f64()))
        .collect();
    chart.draw_series(LineSeries::new(series.clone(), &BLUE))?;
    chart.draw_series(
        series
            .iter()
            .map(|&(x, y)| Circle::new((x, y), 4, BLUE.filled())),
    )?;
    root.present()?;
    Ok(())
}

fn machine() -> String {
    let cpu = super::cpu_model();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<f64>().ok())
        })
        .map_or("unknown memory".into(), |kib| {
            format!("{:.0} GiB", kib / 1024.0 / 1024.0)
        });
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("PRETTY_NAME=")).map(|l| {
                l.trim_start_matches("PRETTY_NAME=")
                    .trim_matches('"')
                    .to_string()
            })
        })
        .unwrap_or_else(|| "unknown OS".into());
    let java = jaut::java_home::java_home()
        .ok()
        .and_then(|h| std::fs::read_to_string(h.join("release")).ok())
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("JAVA_VERSION=")).map(|l| {
                l.trim_start_matches("JAVA_VERSION=")
                    .trim_matches('"')
                    .to_string()
            })
        })
        .unwrap_or_else(|| "unknown".into());
    format!("{cpu}, {cores} cores, {mem}; {os}; OpenJDK {java}")
}

fn secs(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64())
}

fn published_secs(s: Option<f64>) -> String {
    s.map_or("3600 (timeout)".into(), |s| format!("{s:.2}"))
}

pub fn run(o: &Options) -> anyhow::Result<()> {
    super::targets::build_samples(&o.samples)?;
    eprintln!("Fig. 5: cover on 12 methods, --jobs {}", o.jobs);
    let run = fig5(&o.samples, o.jobs, o.timeout)?;
    let report = &run.report;
    let rows: &[Row] = &report.rows;
    let single = if o.jobs > 1 {
        eprintln!("Fig. 5 again with --jobs 1");
        Some(fig5(&o.samples, 1, o.timeout)?)
    } else {
        None
    };

    let mut md = String::new();
    let _ = writeln!(md, "# jaut against the JAUT paper (ISSRE 2010)\n");
    let _ = writeln!(
        md,
        "Generated by `cargo run --release --bin jaut-bench -- paper` (do not edit by hand, except \
         below the marker line near the end).\n\n\
         Machine: {}.\n\nThe paper's machine: single-core Pentium 2.16 GHz, 2 GB, Windows XP (2010); \
         times there are CPU seconds, `3600 (timeout)` is the paper's timeout.\n",
        machine()
    );
    let _ = writeln!(md, "## Fig. 5: coverage and time per method\n");
    let _ = writeln!(
        md,
        "One `jaut cover` run over the 12 methods, `--jobs {}`, search timeout {} s per target, every \
         new test replayed in the JVM: coverage is what the JVM executed. jaut's targets are the first \
         instruction of every basic block (the paper's #To are its own test objectives); \"coverage\" is \
         covered targets over targets, \"instr.\" the bytecode instructions executed over #Bc. jaut \
         also aims at every outcome of every branch (not counted in \"targets\"); its time per method \
         is the search and replay time of all of these (JVM start included for the first replay of each \
         worker), so one branch outcome that ends on the search timeout adds the whole timeout.\n",
        o.jobs, o.timeout
    );
    md.push_str(
        "| method | #Bc (paper) | targets (paper #To) | jaut coverage | jaut instr. | unreachable | unknown | jaut s | JAUT cov | JAUT s | Pex cov | Pex s | jCUTE cov | jCUTE s |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (i, r) in rows.iter().enumerate() {
        let p = PUBLISHED[i];
        let _ = writeln!(
            md,
            "| {} | {} ({}) | {} ({}) | {}/{} = {:.1}% | {:.1}% | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            FIG5[i].0,
            r.bytecodes,
            p.0,
            r.targets,
            p.1,
            r.covered_after,
            r.targets,
            100.0 * r.covered_after as f64 / r.targets.max(1) as f64,
            100.0 * r.instructions_covered as f64 / r.bytecodes.max(1) as f64,
            r.unreachable,
            r.unknown,
            secs(r.time),
            p.6,
            published_secs(p.7),
            p.4,
            published_secs(p.5),
            p.2,
            published_secs(p.3),
        );
    }
    let total_time: Duration = rows.iter().map(|r| r.time).sum();
    let jaut_total: f64 = PUBLISHED.iter().map(|p| p.7.unwrap_or(3600.0)).sum();
    let pex_total: f64 = PUBLISHED.iter().map(|p| p.5.unwrap_or(3600.0)).sum();
    let _ = writeln!(
        md,
        "| **all 12** | | | {}/{} | | {} | {} | {} (wall {}) | | {jaut_total:.0} | | {pex_total:.0} | | |",
        rows.iter().map(|r| r.covered_after).sum::<usize>(),
        rows.iter().map(|r| r.targets).sum::<usize>(),
        rows.iter().map(|r| r.unreachable).sum::<usize>(),
        rows.iter().map(|r| r.unknown).sum::<usize>(),
        secs(total_time),
        secs(report.timing.wall),
    );
    let unknowns: Vec<_> = report.unknowns().collect();
    if !unknowns.is_empty() {
        md.push_str("\nUnknown targets:\n\n");
        for (u, t, reasons) in unknowns {
            let _ = writeln!(
                md,
                "- `{}` {}: {}",
                u.label(),
                target_name(t),
                jaut::reason::joined(reasons)
            );
        }
    }
    let forward: Vec<_> = report.found_forward().collect();
    for (strategy, heading) in [
        (
            false,
            "Reached by the concolic search (src/concolic: the backward search stopped at a bound \
             for these, and a forward run whose decisions the solver flipped, guided by how close \
             each run came, found the input; docs/search.md, \"Forward, concolic search\")",
        ),
        (
            true,
            "Reached by a constant-seeded input (the backward search and the concolic search \
             stopped for these; see the README, \"Objects, arrays, exceptions, the JDK and \
             contracts\")",
        ),
    ] {
        let listed: Vec<_> = forward
            .iter()
            .filter(|(.., s)| (*s == jaut::pipeline::Strategy::Seeded) == strategy)
            .collect();
        if !listed.is_empty() {
            let _ = writeln!(md, "\n{heading}:\n");
            for (u, t, _) in listed {
                let _ = writeln!(md, "- `{}` {}", u.label(), target_name(t));
            }
        }
    }
    let tm = &report.timing;
    let _ = writeln!(
        md,
        "\n### Time split (summed over threads)\n\n\
         | phase | s |\n|---|---:|\n\
         | parse (class loading {}, CFGs and targets) | {} |\n\
         | search, total | {} |\n\
         | — of which solver checks (search and labeling) | {} |\n\
         | — of which labeling (its solver checks included) | {} |\n\
         | replay in the JVM (worker starts included) | {} |\n\
         | wall time of the run | {} |\n\n\
         {} tests generated; {} search results dropped because an earlier test of their method covered their \
         target first. Peak memory (resident, this process and its JVM workers together, sampled every \
         20 ms): **{:.0} MiB**.\n",
        secs(run.load),
        secs(tm.parse),
        secs(tm.search),
        secs(tm.solver),
        secs(tm.labeling),
        secs(tm.replay),
        secs(tm.wall),
        report.tests.len(),
        tm.dropped,
        run.peak_mib,
    );

    if let Some(one) = &single {
        let same = one.report.json(false) == report.json(false);
        let _ = writeln!(
            md,
            "With `--jobs 1` the same run took {} s wall (peak {:.0} MiB); its results (everything but \
             the times) are {} those of `--jobs {}`.\n",
            secs(one.report.timing.wall),
            one.peak_mib,
            if same { "identical to" } else { "**different from**" },
            o.jobs
        );
    }
    if !o.no_fig4 {
        let variants = Path::new("target/bench/paper-foo");
        foo_variants(variants)?;
        eprintln!("Fig. 4: foo with a = {FOO_A:?}");
        let points = fig4(variants, o.timeout)?;
        std::fs::create_dir_all(&o.out)?;
        let svg = o.out.join("fig4-foo.svg");
        plot(&points, &svg)?;
        let _ = writeln!(
            md,
            "## Fig. 4: time to reach foo's target as `a` grows\n\n\
             `foo` compiled with `a` a constant (`static final int a = N`); one search for the `return 1` \
             (exactly 42 loop iterations, so `i` in (41a, 42a]), then a replay of the state found.\n\n\
             ![time to reach foo's target against a](fig4-foo.svg)\n\n\
             | a | search s | replay s | verdict | input |\n|---:|---:|---:|---|---|"
        );
        for p in &points {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} |",
                p.a,
                secs(p.search),
                secs(p.replay),
                p.verdict,
                p.input
            );
        }
        md.push('\n');
    }
    std::fs::create_dir_all(&o.out)?;
    let path = o.out.join("RESULTS.md");
    // Sections measured by other means (the soundness suite) follow a
    // marker line; a new run keeps them.
    if let Ok(old) = std::fs::read_to_string(&path) {
        if let Some(at) = old.find(KEPT_MARKER) {
            md.push_str(&old[at..]);
        }
    }
    std::fs::write(&path, &md)?;
    println!("{md}");
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// A target as the lists name it: `pc 25`, or `branch pc 22 -> 27`.
fn target_name(t: &jaut::cover::Target) -> String {
    match t.from {
        Some(from) => format!("branch pc {from} -> {}", t.pc),
        None => format!("pc {}", t.pc),
    }
}
