//! What a call does when the search does not explore it: the library of
//! JDK models, apart from the backward engine (`src/search/`).
//!
//! - [`registry`]: the one lookup, with its precedence (user contract >
//!   intrinsic > built-in contract > explore the bytecode > free result
//!   with an assumption); [`keys`]: every intrinsic's key, in one table;
//! - [`methods`]: the intrinsics ([`methods::Intrinsic`]) and the method
//!   enums of each family (strings, builders, numbers, floats, arrays,
//!   regexes, class objects);
//! - [`contracts`]: the TOML contracts and their expressions;
//! - [`characters`]: the `java.lang.Character` methods modelled, whose
//!   answers are the JVM's tables ([`crate::unicode`]);
//! - [`math`]: the preimages of `Math.sqrt`, `cbrt`, `pow`, `hypot`;
//! - [`logging`]: the `java.util.logging.Logger` methods modelled;
//! - [`env_objects`]: `Instant.now()`, `LocalDate.now()`, `UUID.randomUUID()`;
//! - [`random`]: `java.util.Random`'s generator and `Math.random()`;
//! - [`printing`]: which printing methods may run a program's `toString`;
//! - [`natives`]: natives and exception constructors that raise nothing;
//! - [`collections`]: the JDK's collections (`ArrayList` and its iterator);
//! - [`engine`]: the narrow trait through which a model states its
//!   constraints (what the call does to a backward state) and which the
//!   engine implements; [`call`]: the call a model steps over;
//!   [`unsupported`]: why a step is beyond the models;
//! - [`strings`]: the constraints of the string models — the memory model
//!   of strings, `String`'s methods, edits and copies, text, concatenation,
//!   numbers, `Character`, regexes, printing — generic over [`engine`];
//!   [`arrays`]: `java.util.Arrays`' copies, fills and `equals`, and an
//!   array's `clone()`, the same way.
//!
//! Nothing here imports the engine (`tests/layers_tests.rs` keeps it so).
//! `search/calls/intrinsics.rs` dispatches each
//! [`methods::Intrinsic`] to its model's trait method. What is left to
//! move: the constraints of the builders (`search/builders.rs`, which
//! needs the engine's mutable sequences of `search/sequence.rs`), class
//! objects, floats, enums,
//! assertion errors, math, random and the environment's objects are still
//! `Explorer` methods in `src/search/`.

pub mod arrays;
pub mod call;
pub mod characters;
pub mod collections;
pub mod contracts;
pub mod engine;
pub mod env_objects;
mod keys;
pub mod logging;
pub mod math;
pub mod methods;
pub mod natives;
pub mod printing;
pub mod random;
pub mod registry;
pub mod strings;
pub mod unsupported;
