//! The replay workers of a cover run: each worker thread gets its own
//! [`crate::pipeline::Jvm`] (a worker process hosting a JVM, started on
//! first use) over the program's class path.

use std::path::PathBuf;

/// Where the JVM workers find the program: its directories and jars (the
/// JDK comes with the JVM).
#[derive(Debug, Clone)]
pub struct JvmReplayers {
    pub class_path: Vec<PathBuf>,
}
