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
//!
//! The Fig. 4 series and plot are in [`fig4`]; the Markdown sections of
//! RESULTS.md in [`markdown`].

mod fig4;
mod markdown;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use jaut::classpath::ClassPath;
use jaut::cover::{self, JvmReplayers};
use jaut::program::Program;

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
    let mut cp = Program::new(ClassPath::new()?);
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
    let single = if o.jobs > 1 {
        eprintln!("Fig. 5 again with --jobs 1");
        Some(fig5(&o.samples, 1, o.timeout)?)
    } else {
        None
    };

    let mut md = String::new();
    markdown::write_fig5(&mut md, o, report);
    markdown::write_found(&mut md, report);
    markdown::write_time_split(&mut md, &run);

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
        let points = fig4::fig4(variants, o.timeout)?;
        std::fs::create_dir_all(&o.out)?;
        let svg = o.out.join("fig4-foo.svg");
        fig4::plot(&points, &svg)?;
        fig4::write_fig4(&mut md, &points);
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
