//! Printing and formatting, as the registry and the search see them
//! (the keys are in [`super::registry`], the model in
//! `src/search/printing.rs`): `PrintStream`'s
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
    }
}
