//! `java.util.Optional` (JDK 17 API): a final class of one field, `value`,
//! null when empty. Unlike the other collections, its bytecode *is* its
//! model — `isPresent`, `get` (`NoSuchElementException` when empty),
//! `orElse` read `value` exactly — so the search explores it; only its
//! making is special: an input optional is no object built field by field
//! (the replay could not write into `java.util`) but `Optional.of(v)` or
//! `Optional.empty()`, as a person writes it, and `Optional.EMPTY`, the
//! object `Optional.empty()` returns, holds no value.

/// The class of optionals.
pub const OPTIONAL_CLASS: &str = "java/util/Optional";

/// The static field `Optional.empty()` returns, and the one field its
/// constructor sets (to null).
pub const EMPTY_FIELD: (&str, &str) = ("EMPTY", "value");
