//! `jaut-bench replay`: how long replaying a state takes once the JVM runs,
//! amortized over the targets of a run, and the wall time of the whole
//! default flow on `Coord.moveY` pc 51 (search, replay, test), as a user
//! would run it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use jaut::assertions::Assertions;
use jaut::cfg::Cfg;
use jaut::classpath::ClassPath;
use jaut::labeling::InputState;
use jaut::program::Program;
use jaut::replay::{ReplayRequest, Replayer};
use jaut::search::{self, Config, Verdict};

/// The methods whose every block is a target.
const METHODS: &[(&str, &str)] = &[
    ("coord/Coord", "moveY"),
    ("trityp/Trityp", "trityp"),
    ("foo/Foo", "foo"),
    ("lists/Node", "insertBefore"),
    ("lists/DoublyLinkedList", "add"),
    ("rbtree/RedBlackTree", "rotateLeft"),
    ("rbtree/PrivateRedBlackTree", "rotateLeft"),
    ("josephus/Josephus", "josephus"),
];

struct Target {
    class: std::sync::Arc<jaut::classfile::Class>,
    method: usize,
    pc: u32,
    state: InputState,
}

pub fn run(samples: &Path, repeat: usize, runs: usize) -> anyhow::Result<()> {
    let status = Command::new("bash")
        .arg("samples/build.sh")
        .arg(samples)
        .status()?;
    anyhow::ensure!(status.success(), "samples/build.sh failed");
    let mut cp = Program::new(ClassPath::new()?);
    cp.add(samples)?;

    // The states to replay: every block of the methods the search reaches.
    let config = Config::default().with_timeout(Duration::from_secs(5));
    let mut targets = Vec::new();
    for (class_name, name) in METHODS {
        let class = cp.load(class_name)?;
        let Some(method) = class.methods.iter().position(|m| m.name == *name) else {
            continue;
        };
        let m = &class.methods[method];
        let cfg = Cfg::build(&cp, m.code.as_ref().expect("code"))?;
        for &b in cfg.blocks() {
            let pc = cfg.block(b).expect("a block").start;
            let outcome = search::search(&cp, &class, m, pc, &config)?;
            if let Verdict::Reached { state, .. } = outcome.verdict {
                targets.push(Target {
                    class: class.clone(),
                    method,
                    pc,
                    state,
                });
            }
        }
    }
    anyhow::ensure!(!targets.is_empty(), "no target reached");

    let started = Instant::now();
    let mut replayer = Replayer::start(&[samples.to_path_buf()], Assertions::Enabled)?;
    let start = started.elapsed();

    let mut passes: Vec<Vec<Duration>> = Vec::new();
    let mut mismatches = 0;
    for _ in 0..repeat.max(1) {
        let mut times = Vec::new();
        for t in &targets {
            let m = &t.class.methods[t.method];
            let request = ReplayRequest::new(&t.class, m, Some(t.pc), &t.state);
            let at = Instant::now();
            let o = replayer.replay(&request)?;
            times.push(at.elapsed());
            mismatches += usize::from(!o.reached);
        }
        passes.push(times);
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let n = targets.len();
    let first: Duration = passes[0].iter().sum();
    println!(
        "replay: {n} targets (every block the search reaches in {} methods)",
        METHODS.len()
    );
    println!(
        "  JVM start (worker up, harness defined)   {:8.1} ms",
        ms(start)
    );
    println!(
        "  first pass, per target (cold classes)     {:8.2} ms  (total {:.1} ms)",
        ms(first) / n as f64,
        ms(first)
    );
    println!(
        "  per target with the JVM start amortized   {:8.2} ms",
        ms(first + start) / n as f64
    );
    if passes.len() > 1 {
        let mut warm: Vec<Duration> = passes[1..].iter().flatten().copied().collect();
        warm.sort();
        let total: Duration = warm.iter().sum();
        println!(
            "  later passes: median {:.2} ms, mean {:.2} ms, max {:.2} ms per replay ({} replays)",
            ms(warm[warm.len() / 2]),
            ms(total) / warm.len() as f64,
            ms(*warm.last().expect("replays")),
            warm.len()
        );
    }
    println!(
        "  JVMs started {}, replays not reaching their pc {mismatches}",
        replayer.starts()
    );

    // The whole default flow, as a user runs it.
    let jaut = jaut_binary()?;
    let coord = std::fs::canonicalize(samples.join("coord/Coord.class"))?;
    let mut walls = Vec::new();
    for i in 0..runs.max(1) {
        let dir =
            std::env::temp_dir().join(format!("jaut-bench-replay-{}-{i}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let at = Instant::now();
        let out = Command::new(&jaut)
            .current_dir(&dir)
            .arg(&coord)
            .args(["--method", "moveY", "--pc", "51"])
            .output()?;
        walls.push(at.elapsed());
        let _ = std::fs::remove_dir_all(&dir);
        let text = String::from_utf8_lossy(&out.stdout);
        anyhow::ensure!(
            out.status.success() && text.contains("replay   confirmed"),
            "jaut moveY failed:\n{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    walls.sort();
    println!(
        "jaut {} --method moveY --pc 51 (search, replay, test): best {:.0} ms, median {:.0} ms of {} runs",
        coord.display(),
        ms(walls[0]),
        ms(walls[walls.len() / 2]),
        walls.len()
    );
    Ok(())
}

/// The `jaut` binary built with this benchmark.
fn jaut_binary() -> anyhow::Result<PathBuf> {
    Ok(jaut::replay::worker_executable()?)
}
