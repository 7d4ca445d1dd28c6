//! The built-in intrinsics of printing and formatting: `PrintStream`'s
//! `print`, `println`, `printf`, `format`, `append`, `write` and `flush`,
//! which change nothing the program can read back (the bytes go to the
//! process's output, JLS leaves them outside the program state), and
//! `String.format`, whose result is a new string.

use super::Intrinsic;

const PRINT_STREAM: &str = "java/io/PrintStream";

/// The descriptors of the argument of `print` (and `println`).
const PRINTED: [&str; 9] = [
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

/// Every method of [`Intrinsic::Print`] and [`Intrinsic::Format`], by key
/// `pkg/C.name(descriptor)`.
pub(super) fn intrinsics() -> Vec<(String, Intrinsic)> {
    let mut out = Vec::new();
    let mut print = |name: &str, desc: &str| {
        out.push((format!("{PRINT_STREAM}.{name}{desc}"), Intrinsic::Print));
    };
    for arg in PRINTED {
        print("print", &format!("({arg})V"));
        print("println", &format!("({arg})V"));
    }
    print("println", "()V");
    for name in ["printf", "format"] {
        print(
            name,
            "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintStream;",
        );
        print(
            name,
            "(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/io/PrintStream;",
        );
    }
    print("append", "(C)Ljava/io/PrintStream;");
    print("append", "(Ljava/lang/CharSequence;)Ljava/io/PrintStream;");
    print("write", "(I)V");
    print("write", "([BII)V");
    print("write", "([B)V");
    print("flush", "()V");
    for desc in [
        "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;",
        "(Ljava/util/Locale;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;",
    ] {
        out.push((format!("java/lang/String.format{desc}"), Intrinsic::Format));
    }
    out
}

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
    fn every_overload_is_listed_once() {
        let all = intrinsics();
        let mut keys: Vec<&str> = all.iter().map(|(k, _)| k.as_str()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all.len());
        assert!(keys.contains(&"java/io/PrintStream.println(Ljava/lang/String;)V"));
        assert!(keys.contains(&"java/io/PrintStream.println()V"));
        assert!(keys.contains(
            &"java/lang/String.format(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;"
        ));
        assert!(may_print_objects("(Ljava/lang/Object;)V"));
        assert!(!may_print_objects("(I)V"));
        assert!(!may_print_objects("(Ljava/lang/String;)V"));
    }
}
