//! jaut: test inputs for Java bytecode, found by reasoning backward from a
//! target instruction (after Charreteur & Gotlieb, ISSRE 2010).
//!
//! The pipeline, one module per stage:
//! - [`classfile`]: class files as owned values, with decoded bytecode;
//! - [`classpath`]: where classes come from (directories, jars, `.class`
//!   files, the JDK's jmods) and the class hierarchy;
//! - [`cfg`]: control-flow graphs of methods, with labelled edges;
//! - [`frames`]: the operand-stack and local types at every pc;
//! - [`analysis`]: those analyses of each method, computed once and
//!   shared; [`program`]: the class path with its analyses beside it;
//! - [`statics`]: which static fields are inputs and what the others hold;
//!   [`assertions`]: whether `assert`s run, in the search and the replay;
//! - [`state`]: the input state and the path that flow between stages;
//!   [`literals`]: Java source literals for its values;
//! - [`model`], [`solver`]: constrained memory variables and Z3;
//! - [`search`]: the backward search; [`jdk`]: what a call the search does
//!   not explore does (the registry of JDK models and contracts);
//!   [`unicode`]: the JVM's answers to `Character`'s methods, as tables;
//!   [`labeling`]: concrete input states;
//! - [`replay`]: the JVM harness; [`junit`]: the test writer;
//! - [`pipeline`]: one target end to end, for every command; [`reason`]:
//!   why a target is unknown; [`cover`]: every block of many methods.
//!
//! The command line (clap, progress bars) lives in the `jaut` binary
//! (`src/main.rs`, `src/cli/`); the library knows nothing of it.
#![forbid(unsafe_code)]

pub mod analysis;
pub mod assertions;
pub mod cfg;
pub mod classfile;
pub mod classpath;
pub mod concolic;
pub mod construct;
pub mod cover;
pub mod enums;
pub mod frames;
pub mod java_home;
pub mod jdk;
pub mod junit;
pub mod labeling;
pub mod literals;
pub mod model;
pub mod pipeline;
pub mod program;
pub mod reason;
pub mod replay;
pub mod search;
pub mod seed;
pub mod solver;
pub mod state;
pub mod statics;
pub mod stop;
pub mod unicode;
