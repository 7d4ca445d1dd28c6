//! Where and how a benchmark run happened, for its report: the command,
//! the machine and its load, the operating system, the date.

use std::process::Command;

/// How this benchmark was started, as `target/<profile>/jaut-bench ARGS`.
pub(crate) fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let profile = std::env::current_exe()
        .ok()
        .and_then(|e| {
            e.parent()
                .and_then(|p| p.file_name())
                .map(|p| p.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "release".into());
    format!("target/{profile}/jaut-bench {}", args.join(" "))
}

/// The operating system's name (`/etc/os-release`).
pub(crate) fn os_name() -> String {
    std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("PRETTY_NAME="))
                .map(|v| v.trim_matches('"').to_string())
        })
        .unwrap_or_else(|| "unknown OS".into())
}

/// The date and time, UTC (`date` is in every Debian base system).
pub(crate) fn date() -> String {
    Command::new("date")
        .args(["-u", "+%Y-%m-%d %H:%M UTC"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown date".into())
}

/// The 1-minute load average (`/proc/loadavg`): other work on the machine
/// slows every figure of time down, so a report says how much there was.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}

/// The report's machine line: CPU model, cores, OS, and the load average
/// `load` read when the run started.
pub(crate) fn machine(load: &str) -> String {
    format!(
        "{}, {} cores; {}; load average {} when the run started",
        crate::cpu_model(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        os_name(),
        load
    )
}
