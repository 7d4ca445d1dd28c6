//! Peak resident memory of a benchmark run: this process and every process
//! it started (the JVM replay workers), or a child and its descendants
//! ([`family_rss_kib`]), read from Linux's `/proc`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Samples the resident memory of this process and its descendants.
pub struct MemorySampler {
    stop: Arc<AtomicBool>,
    peak_kib: Arc<AtomicU64>,
    handle: Option<std::thread::JoinHandle<()>>,
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// This process and every process descending from it.
fn family(root: u32) -> Vec<u32> {
    let mut parent: Vec<(u32, u32)> = Vec::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for e in dir.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
                continue;
            };
            // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces.
            if let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) {
                if let Some(after) = stat.rsplit_once(')').map(|(_, a)| a) {
                    if let Some(ppid) = after.split_whitespace().nth(1).and_then(|p| p.parse().ok())
                    {
                        parent.push((pid, ppid));
                    }
                }
            }
        }
    }
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        let p = out[i];
        out.extend(parent.iter().filter(|(_, pp)| *pp == p).map(|(c, _)| *c));
        i += 1;
    }
    out
}

/// The resident memory of `root` and every process descending from it, KiB
/// (0 once they have all ended).
pub fn family_rss_kib(root: u32) -> u64 {
    family(root).into_iter().map(rss_kib).sum()
}

impl MemorySampler {
    pub fn start() -> MemorySampler {
        let stop = Arc::new(AtomicBool::new(false));
        let peak_kib = Arc::new(AtomicU64::new(0));
        let (s, p) = (stop.clone(), peak_kib.clone());
        let handle = std::thread::spawn(move || {
            let me = std::process::id();
            while !s.load(Ordering::Relaxed) {
                p.fetch_max(family_rss_kib(me), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        MemorySampler {
            stop,
            peak_kib,
            handle: Some(handle),
        }
    }

    /// Stops sampling; the peak in MiB.
    pub fn finish(mut self) -> f64 {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
        self.peak_kib.load(Ordering::Relaxed) as f64 / 1024.0
    }
}
