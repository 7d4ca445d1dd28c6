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
//! - [`collections`]: the JDK's collections (`ArrayList` and its iterator).
//!
//! Nothing here imports the engine. What is left to move: the models'
//! constraints (what each intrinsic does to a backward state) are still
//! `Explorer` methods in `src/search/` (`calls/intrinsics.rs` dispatches an
//! [`methods::Intrinsic`] to them; strings in `string_*.rs`, `text.rs`,
//! `concat.rs`, `builders.rs`, `numbers.rs`, `characters.rs`, `regex.rs`,
//! `printing.rs`; the others in `arrays_methods.rs`, `array_clone.rs`,
//! `class_objects.rs`, `float_rules.rs`, `enums.rs`,
//! `assertion_errors.rs`), until a narrow trait of the engine lets them
//! live here.

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
