//! `java.util.logging.Logger`'s logging methods as the registry sees them
//! (the keys are in [`super::keys`], the model in
//! `src/jdk/strings/printing.rs`): like printing, a log record goes to the
//! handlers, outside anything the program reads back, and raises nothing —
//! `SimpleFormatter` catches what formatting a message's parameters
//! throws — except a `NullPointerException` for a null `Level`, which
//! `isLoggable` dereferences.
//!
//! The `Supplier` overloads are left out: whether they call the supplier
//! depends on the logger's configured level.

/// `severe`, `warning`, … each of a `String` message.
pub(crate) const LEVELS: [&str; 7] = [
    "severe", "warning", "info", "config", "fine", "finer", "finest",
];

const LEVEL: &str = "Ljava/util/logging/Level;";
const STRING: &str = "Ljava/lang/String;";

/// What may follow the message of `log` and `logp`, and the class and
/// method names of `entering`: nothing, a parameter, parameters, a
/// `Throwable`.
const TAILS: [&str; 4] = [
    "",
    "Ljava/lang/Object;",
    "[Ljava/lang/Object;",
    "Ljava/lang/Throwable;",
];

/// Every modelled `(name, descriptor)` of `Logger`.
pub(crate) fn methods() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&str, String)> = LEVELS
        .iter()
        .map(|&n| (n, format!("({STRING})V")))
        .collect();
    for tail in TAILS {
        out.push(("log", format!("({LEVEL}{STRING}{tail})V")));
        out.push(("logp", format!("({LEVEL}{STRING}{STRING}{STRING}{tail})V")));
    }
    for tail in &TAILS[..3] {
        out.push(("entering", format!("({STRING}{STRING}{tail})V")));
    }
    for tail in &TAILS[..2] {
        out.push(("exiting", format!("({STRING}{STRING}{tail})V")));
    }
    out.push((
        "throwing",
        format!("({STRING}{STRING}Ljava/lang/Throwable;)V"),
    ));
    out
}

/// Whether a logging method with this descriptor takes a `Level` (its
/// first parameter), which must not be null.
pub fn takes_level(descriptor: &str) -> bool {
    descriptor.starts_with(&format!("({LEVEL}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_overload_is_listed_once() {
        let all = methods();
        assert_eq!(all.len(), 7 + 8 + 3 + 2 + 1);
        let mut keys: Vec<String> = all.iter().map(|(n, d)| format!("{n}{d}")).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), all.len());
        assert!(keys.contains(
            &"log(Ljava/util/logging/Level;Ljava/lang/String;Ljava/lang/Object;)V".to_string()
        ));
        assert!(takes_level(
            "(Ljava/util/logging/Level;Ljava/lang/String;)V"
        ));
        assert!(!takes_level("(Ljava/lang/String;)V"));
    }
}
