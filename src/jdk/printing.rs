//! Printing and formatting, as the registry and the search see them
//! (the keys are in [`super::registry`], the model in
//! `src/jdk/strings/printing.rs`): `PrintStream`'s
//! `print`, `println`, `printf`, `format`, `append`, `write` and `flush`,
//! which change nothing the program can read back (the bytes go to the
//! process's output, JLS leaves them outside the program state), and
//! `String.format`, whose result is a new string.

/// The descriptors of the argument of `print` (and `println`).
pub(crate) const PRINTED: [&str; 9] = [
    "Z",
    "C",
    "I",
    "J",
    "F",
    "D",
    "[C",
    "Ljava/lang/String;",
    "Ljava/lang/Object;",
];

/// Whether a printing or formatting method with this descriptor may call
/// `toString()` (or `hashCode()`, through `Object.toString`) on an object
/// of the program: it takes an `Object`, an `Object[]` or a `CharSequence`.
pub fn may_print_objects(descriptor: &str) -> bool {
    descriptor.contains("Ljava/lang/Object;") || descriptor.contains("Ljava/lang/CharSequence;")
}

/// The exceptions a printing or logging intrinsic named `name` with this
/// descriptor may raise by itself, when the program's own `toString` is
/// not among what it runs: a format's `IllegalFormatException` (an
/// `IllegalArgumentException`) and a null format's
/// `NullPointerException` for `printf` and `format`; a null `Level`'s
/// `NullPointerException` for a logging method that takes one; nothing
/// for the others (JDK 17 `PrintStream` catches its stream's
/// `IOException`s and sets its error flag).
pub fn may_raise(name: &str, descriptor: &str) -> &'static [&'static str] {
    const NPE: &str = "java/lang/NullPointerException";
    if matches!(name, "printf" | "format") {
        &["java/lang/IllegalArgumentException", NPE]
    } else if super::logging::takes_level(descriptor) {
        &[NPE]
    } else {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_are_printed_through_object_and_char_sequence() {
        assert!(may_print_objects("(Ljava/lang/Object;)V"));
        assert!(may_print_objects(
            "(Ljava/lang/CharSequence;)Ljava/io/PrintStream;"
        ));
        assert!(!may_print_objects("(I)V"));
        assert!(!may_print_objects("(Ljava/lang/String;)V"));
        assert_eq!(may_raise("println", "(Ljava/lang/String;)V").len(), 0);
        assert_eq!(
            may_raise("log", "(Ljava/util/logging/Level;Ljava/lang/String;)V"),
            &["java/lang/NullPointerException"]
        );
    }
}
