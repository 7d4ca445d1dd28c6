//! The `jaut` binary: the command line ([`cli`]) over the `jaut` library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // A panic is a bug in jaut, never the user's fault: say so in one line
    // instead of a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("panic");
        eprintln!("jaut: internal error{at}: {message}; please report it");
    }));
    cli::main()
}
