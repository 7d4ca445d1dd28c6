//! The replay worker: `jaut __replay-worker -ea|-da CLASSPATH...`, run by a
//! [`Replayer`](super::Replayer), never by people; the first argument is
//! the JVM's assertion option ([`Assertions`]). It starts a JVM through
//! JNI's invocation API (one per process: a JNI limit, and the reason the
//! JVM lives in a process of its own), defines the harness classes embedded
//! at build time, then turns each request line on stdin into one answer line
//! on stdout by calling `jaut.harness.Harness.handle`.
//!
//! The JVM runs with the program's assertions enabled (`-ea`) or disabled
//! (`-da`) as asked, with a bounded heap (so an allocation without end ends in an
//! `OutOfMemoryError` rather than swapping), the serial collector and the
//! client compiler (quick to start, and replays are short), crash reports
//! written to the temporary directory instead of the user's working
//! directory, and its own messages on stderr (stdout carries the protocol;
//! the few lines HotSpot still prints there on a fatal error are collected
//! by the parent with stderr). A segmentation fault in the code under test
//! usually ends the worker without a report: HotSpot chains the signals it
//! does not handle itself to the handler Rust's runtime installed first,
//! which lets the default action (death by SIGSEGV) happen; the parent
//! reports the signal.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use jni::errors::StartJvmError;
use jni::objects::{JClass, JClassLoader, JString, JValue};
use jni::signature::RuntimeMethodSignature;
use jni::strings::JNIString;
use jni::{Env, InitArgsBuilder, JNIVersion, JavaVM, JvmError};

use crate::assertions::Assertions;
use crate::java_home::NoJdk;

mod classes {
    include!(concat!(env!("OUT_DIR"), "/harness_classes.rs"));
}

/// Debian's ASM (libasm-java), which the harness's instrumenter uses.
pub const ASM_JAR: &str = "/usr/share/java/asm.jar";

/// The heap of the worker's JVM.
pub const MAX_HEAP: &str = "-Xmx512m";

/// Why the worker could not start its JVM or serve. Sent to the parent as
/// the `start_error` of the protocol, in its `Display` form.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The first argument is not `-ea` or `-da`.
    #[error("the worker's first argument must be -ea or -da, not {0:?}")]
    Usage(String),
    #[error("{ASM_JAR} is missing: install Debian's libasm-java (bash scripts/setup.sh)")]
    NoAsm,
    #[error(transparent)]
    NoJdk(#[from] NoJdk),
    #[error("no JVM library at {}", .0.display())]
    NoLibjvm(PathBuf),
    #[error("JVM options: {0}")]
    Options(#[source] JvmError),
    #[error("JNI_CreateJavaVM: {0}")]
    CreateJvm(#[source] StartJvmError),
    /// A class path entry that cannot be joined (it holds the separator).
    #[error("class path: {0}")]
    ClassPath(#[source] std::env::JoinPathsError),
    #[error("defining the harness: {0}")]
    DefineHarness(#[source] jni::errors::Error),
    #[error("harness init: {0}")]
    HarnessInit(#[source] jni::errors::Error),
    /// Attaching the thread to the JVM failed.
    #[error(transparent)]
    Jni(#[from] jni::errors::Error),
    /// The greeting could not be written.
    #[error(transparent)]
    Stdout(std::io::Error),
}

/// Runs the worker over `args` (the assertion option, then the class path
/// entries); returns when stdin closes.
pub fn main(args: &[PathBuf]) -> ExitCode {
    let started = match args.split_first() {
        Some((option, class_path)) => match option.to_str().and_then(Assertions::from_jvm_option) {
            Some(assertions) => run(assertions, class_path),
            None => Err(WorkerError::Usage(option.display().to_string())),
        },
        None => Err(WorkerError::Usage(String::new())),
    };
    match started {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            println!("{}", serde_json::json!({ "start_error": why.to_string() }));
            ExitCode::from(2)
        }
    }
}

fn run(assertions: Assertions, class_path: &[PathBuf]) -> Result<(), WorkerError> {
    if !Path::new(ASM_JAR).is_file() {
        return Err(WorkerError::NoAsm);
    }
    let home = crate::java_home::java_home()?;
    let libjvm = home.join("lib/server/libjvm.so");
    if !libjvm.is_file() {
        return Err(WorkerError::NoLibjvm(libjvm));
    }
    let error_file = std::env::temp_dir().join("jaut-replay-hs_err_pid%p.log");
    let args = InitArgsBuilder::new()
        .version(JNIVersion::V1_8)
        .option(format!("-Djava.class.path={ASM_JAR}"))
        .option(assertions.jvm_option())
        .option(MAX_HEAP)
        .option("-XX:+UseSerialGC")
        .option("-XX:TieredStopAtLevel=1")
        .option("-XX:-UsePerfData")
        .option("-XX:+DisplayVMOutputToStderr")
        .option("-XX:-CreateCoredumpOnCrash")
        .option(format!("-XX:ErrorFile={}", error_file.display()))
        .option("-Djava.awt.headless=true")
        .build()
        .map_err(WorkerError::Options)?;
    let vm = JavaVM::with_libjvm(args, || Ok(libjvm.clone())).map_err(WorkerError::CreateJvm)?;
    let joined = std::env::join_paths(class_path)
        .map_err(WorkerError::ClassPath)?
        .to_string_lossy()
        .into_owned();
    vm.attach_current_thread(|env| -> Result<(), WorkerError> {
        let harness = define_harness(env).map_err(WorkerError::DefineHarness)?;
        call(env, &harness, "init", &joined).map_err(WorkerError::HarnessInit)?;
        let mut out = std::io::stdout().lock();
        let ready = serde_json::json!({ "ready": true });
        writeln!(out, "{ready}")
            .and_then(|()| out.flush())
            .map_err(WorkerError::Stdout)?;
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            let answer = env
                .with_local_frame(16, |env| call(env, &harness, "handle", &line))
                .unwrap_or_else(|e: jni::errors::Error| {
                    // The harness catches everything; an error here is the JVM
                    // failing to run Java at all (out of memory in the call).
                    let id = serde_json::from_str::<serde_json::Value>(&line)
                        .ok()
                        .and_then(|v| v.get("id").cloned())
                        .unwrap_or_default();
                    serde_json::json!({ "id": id, "fatal": format!("the harness failed: {e}") })
                        .to_string()
                });
            if writeln!(out, "{answer}")
                .and_then(|()| out.flush())
                .is_err()
            {
                break;
            }
        }
        Ok(())
    })
}

/// Defines the embedded classes in the system class loader (which has ASM),
/// retrying those whose superclass is not defined yet.
fn define_harness<'local>(env: &mut Env<'local>) -> jni::errors::Result<JClass<'local>> {
    let loader = JClassLoader::get_system_class_loader(env)?;
    let mut pending: Vec<&(&str, &[u8])> = classes::CLASSES.iter().collect();
    while !pending.is_empty() {
        let before = pending.len();
        let mut last = None;
        pending.retain(|(name, bytes)| {
            match env.define_class(Some(JNIString::from(*name)), &loader, bytes) {
                Ok(_) => false,
                Err(e) => {
                    env.exception_clear();
                    last = Some(e);
                    true
                }
            }
        });
        if pending.len() == before {
            return Err(last.expect("a failure kept the class pending"));
        }
    }
    env.find_class(JNIString::from("jaut/harness/Harness"))
}

/// `Harness.<name>(String) -> String`.
fn call(
    env: &mut Env<'_>,
    harness: &JClass<'_>,
    name: &str,
    arg: &str,
) -> jni::errors::Result<String> {
    let sig = RuntimeMethodSignature::from_str("(Ljava/lang/String;)Ljava/lang/String;")?;
    let arg = env.new_string(arg)?;
    let result = env
        .call_static_method(
            harness,
            JNIString::from(name),
            sig.method_signature(),
            &[JValue::Object(&arg)],
        )?
        .l()?;
    let s = env.cast_local::<JString>(result)?;
    s.try_to_string(env)
}
