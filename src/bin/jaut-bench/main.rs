//! Benchmarks for jaut, reported as figures (run with `--release`).
//!
//! `jaut-bench frontend`: parse every class of a JDK module (default
//! `java.base`) or of the given jars, build the CFG and the frames of every
//! method with code, check the frames against the StackMapTable, and print
//! classes/s and methods/s. Work is split over `--jobs` threads (default:
//! all cores); each thread has its own class path so they share no locks.
//!
//! `jaut-bench replay`: replay time per target after the JVM started, and
//! the wall time of the whole moveY run (see `replay.rs`).
//!
//! `jaut-bench paper`: the JAUT paper's Fig. 5 and Fig. 4, written to
//! `bench/RESULTS.md` (see `paper.rs`).
//!
//! `jaut-bench real`: `jaut cover` on methods of Debian's commons-lang3,
//! commons-collections4, guava and commons-io jars, run through the `jaut`
//! binary, with the generated tests' coverage measured by JaCoCo; writes
//! `bench/REAL.md` (see `real/mod.rs`).
//!
//! `jaut-bench budget`: `jaut cover` as users run it, on whole classes and
//! whole jars of Debian's libraries with `--budget`, the tests it has
//! written measured by JaCoCo at checkpoints (10, 30, 60, 120 s, ... and
//! the end), with peak memory; writes `bench/BUDGET.md` (see
//! `budget/mod.rs`).
//!
//! `jaut-bench targets`: searches the samples' targets one after another in
//! one process (moveY pc 51, the solver cases of `core.Targets`, every block
//! of trityp, foo, and foo compiled with `a` = 1, 10, 100, 1000), and prints
//! each target's verdict and time, the median and maximum, the split
//! between search, solver and labeling, and the peak memory (RSS).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use jaut::cfg::Cfg;
use jaut::classpath::ClassPath;
use jaut::frames;

mod budget;
mod memory;
mod paper;
mod real;
mod replay;
mod targets;

#[derive(Parser)]
#[command(about = "jaut's benchmarks")]
struct Args {
    #[command(subcommand)]
    bench: Bench,
}

#[derive(Subcommand)]
enum Bench {
    /// Parse + CFG + frames (+ StackMapTable check) for every method of a
    /// JDK module or of jars.
    Frontend {
        /// JDK module to read from $JAVA_HOME/jmods.
        #[arg(long, default_value = "java.base")]
        module: String,
        /// Jars to read instead of a JDK module.
        #[arg(long)]
        jar: Vec<PathBuf>,
        /// Worker threads (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
    },
    /// Search every sample target and report times.
    Targets {
        /// The compiled samples (built by samples/build.sh when absent).
        #[arg(long, default_value = "target/samples/classes")]
        samples: PathBuf,
        /// Search timeout per target, in seconds.
        #[arg(long, default_value_t = 20.0)]
        timeout: f64,
        /// Only the targets whose label contains this.
        #[arg(long)]
        only: Option<String>,
        /// Search each target this many times (the time reported is the median).
        #[arg(long, default_value_t = 1)]
        repeat: usize,
    },
    /// Replay time per target once the JVM runs, and the wall time of the
    /// whole `jaut ... --method moveY --pc 51`.
    Replay {
        /// The compiled samples (built by samples/build.sh when absent).
        #[arg(long, default_value = "target/samples/classes")]
        samples: PathBuf,
        /// Replay every target this many times in the same JVM.
        #[arg(long, default_value_t = 5)]
        repeat: usize,
        /// Runs of the whole moveY command.
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// The JAUT paper's Fig. 5 (cover on its 12 methods) and Fig. 4 (foo as
    /// `a` grows): writes bench/RESULTS.md and bench/fig4-foo.svg.
    Paper {
        /// The compiled samples (built by samples/build.sh when absent).
        #[arg(long, default_value = "target/samples/classes")]
        samples: PathBuf,
        /// Where RESULTS.md and the plot go.
        #[arg(long, default_value = "bench")]
        out: PathBuf,
        /// Threads of the cover run (default: the number of cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// Search timeout per target, in seconds.
        #[arg(long, default_value_t = 20.0)]
        timeout: f64,
        /// Skip Fig. 4.
        #[arg(long)]
        no_fig4: bool,
    },
    /// jaut cover on real methods of Debian's jars (commons-lang3,
    /// commons-collections4, guava, commons-io) through the jaut binary;
    /// the generated tests' coverage measured by JaCoCo. Writes
    /// bench/REAL.md.
    Real(real::Options),
    /// jaut cover on whole classes and whole jars of Debian's jars with a
    /// time budget, as users run it; the tests written by each checkpoint
    /// measured by JaCoCo. Writes bench/BUDGET.md.
    Budget(budget::Options),
}

#[derive(Default)]
struct Tally {
    classes: usize,
    methods: usize,
    instructions: usize,
    blocks: usize,
    stack_map_frames: usize,
    failures: Vec<String>,
}

fn main() -> anyhow::Result<()> {
    match Args::parse().bench {
        Bench::Real(options) => exit_2_on_bad_input(real::run(&options)),
        Bench::Budget(options) => exit_2_on_bad_input(budget::run(&options)),
        Bench::Frontend { module, jar, jobs } => frontend(&module, &jar, jobs),
        Bench::Targets {
            samples,
            timeout,
            only,
            repeat,
        } => targets::run(&samples, timeout, only.as_deref(), repeat.max(1)),
        Bench::Replay {
            samples,
            repeat,
            runs,
        } => replay::run(&samples, repeat, runs),
        Bench::Paper {
            samples,
            out,
            jobs,
            timeout,
            no_fig4,
        } => paper::run(&paper::Options {
            samples,
            out,
            jobs: jobs
                .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
                .unwrap_or(1)
                .max(1),
            timeout,
            no_fig4,
        }),
    }
}

/// A problem with the environment or the options: one line and exit 2.
fn exit_2_on_bad_input(r: anyhow::Result<()>) -> anyhow::Result<()> {
    if let Err(e) = r {
        if let Some(bad) = e.downcast_ref::<real::BadInput>() {
            eprintln!("jaut-bench: error: {bad}");
            std::process::exit(2);
        }
        return Err(e);
    }
    Ok(())
}

fn class_path(jars: &[PathBuf]) -> anyhow::Result<ClassPath> {
    let mut cp = ClassPath::new()?;
    for j in jars {
        cp.add(j)?;
    }
    Ok(cp)
}

fn frontend(module: &str, jars: &[PathBuf], jobs: Option<usize>) -> anyhow::Result<()> {
    let jobs = jobs
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .max(1);
    let probe = class_path(jars)?;
    let mut names = if jars.is_empty() {
        probe
            .jdk()
            .ok_or_else(|| anyhow::anyhow!("no JDK"))?
            .module_class_names(module)
    } else {
        probe.user_class_names().to_vec()
    };
    names.sort();
    let corpus = if jars.is_empty() {
        format!("{module}.jmod")
    } else {
        jars.iter()
            .map(|j| j.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };

    let start = Instant::now();
    let tallies: Vec<anyhow::Result<Tally>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..jobs)
            .map(|t| {
                let mine: Vec<&String> = names.iter().skip(t).step_by(jobs).collect();
                s.spawn(move || run_frontend(jars, &mine))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("bench thread"))
            .collect()
    });
    let elapsed = start.elapsed();
    let mut total = Tally::default();
    for t in tallies {
        let t = t?;
        total.classes += t.classes;
        total.methods += t.methods;
        total.instructions += t.instructions;
        total.blocks += t.blocks;
        total.stack_map_frames += t.stack_map_frames;
        total.failures.extend(t.failures);
    }
    report(&corpus, jobs, &total, elapsed);
    Ok(())
}

fn run_frontend(jars: &[PathBuf], names: &[&String]) -> anyhow::Result<Tally> {
    let cp = class_path(jars)?;
    let mut tally = Tally::default();
    for name in names {
        let class = match cp.load(name) {
            Ok(c) => c,
            Err(e) => {
                tally.failures.push(e.to_string());
                continue;
            }
        };
        tally.classes += 1;
        for m in &class.methods {
            let Some(code) = &m.code else { continue };
            tally.methods += 1;
            tally.instructions += code.instructions.len();
            let what = format!("{}.{m}", class.name);
            match Cfg::build(&cp, code) {
                Ok(cfg) => tally.blocks += cfg.blocks().len(),
                Err(e) => tally.failures.push(format!("{what}: cfg: {e}")),
            }
            match frames::compute(&cp, &class, m)
                .and_then(|f| frames::check_stack_map(&cp, &class, m, &f))
            {
                Ok(n) => tally.stack_map_frames += n,
                Err(e) => tally.failures.push(format!("{what}: frames: {e}")),
            }
        }
    }
    Ok(tally)
}

fn report(corpus: &str, jobs: usize, t: &Tally, elapsed: Duration) {
    let secs = elapsed.as_secs_f64();
    println!("corpus        {corpus}");
    println!(
        "machine       {} cores, {}",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        cpu_model()
    );
    println!("threads       {jobs}");
    println!("classes       {}", t.classes);
    println!("methods       {} with code", t.methods);
    println!("instructions  {}", t.instructions);
    println!("blocks        {}", t.blocks);
    println!("stack maps    {} frames checked", t.stack_map_frames);
    println!("failures      {}", t.failures.len());
    for f in t.failures.iter().take(10) {
        println!("  {f}");
    }
    println!("time          {secs:.2} s");
    println!("classes/s     {:.0}", t.classes as f64 / secs);
    println!("methods/s     {:.0}", t.methods as f64 / secs);
}

pub(crate) fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}
