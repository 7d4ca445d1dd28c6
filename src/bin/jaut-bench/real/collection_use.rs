//! How an entry's generated tests make the JDK collections they pass
//! (issue 36, "Done when"): whether a method of the entry takes one, which
//! idioms the tests build them with (`List.of`, `Map.of`,
//! `new ArrayList<>(…)`, `new HashMap<>()` with `put`, …), and how many
//! anonymous classes implementing a JDK collection interface they declare
//! (`new java.util.List() {`, `new java.util.Iterator() {`: a mock a person
//! would not write, which the collection models exist to avoid). Read from
//! the `.java` files, so it is measured, not eyeballed.

use std::path::Path;

use serde::Serialize;

/// What an entry's tests do with JDK collections.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CollectionUse {
    /// Whether a method of the entry has a parameter of a JDK collection
    /// type ([`COLLECTION_TYPES`]).
    pub takes_collection: bool,
    /// The idioms the tests build collections with, and how often each
    /// occurs, most frequent first.
    pub built: Vec<(String, usize)>,
    /// Anonymous classes implementing a JDK collection interface or
    /// extending one of its abstract classes.
    pub anonymous: usize,
}

/// The JDK collection types (in JVM form) whose parameters make an entry
/// one that "takes a collection".
pub const COLLECTION_TYPES: [&str; 22] = [
    "java/lang/Iterable",
    "java/util/Collection",
    "java/util/List",
    "java/util/Set",
    "java/util/Map",
    "java/util/Queue",
    "java/util/Deque",
    "java/util/SortedSet",
    "java/util/NavigableSet",
    "java/util/SortedMap",
    "java/util/NavigableMap",
    "java/util/Iterator",
    "java/util/ListIterator",
    "java/util/ArrayList",
    "java/util/LinkedList",
    "java/util/HashSet",
    "java/util/LinkedHashSet",
    "java/util/TreeSet",
    "java/util/HashMap",
    "java/util/LinkedHashMap",
    "java/util/TreeMap",
    "java/util/ArrayDeque",
];

/// Interfaces and abstract classes an anonymous class in a test may
/// implement or extend to stand for a JDK collection (simple names, as
/// after `java.util.`; `Iterable` is `java.lang`'s).
const ANONYMOUS_BASES: [&str; 19] = [
    "Iterable",
    "Collection",
    "List",
    "Set",
    "Map",
    "Map.Entry",
    "Queue",
    "Deque",
    "SortedSet",
    "NavigableSet",
    "SortedMap",
    "NavigableMap",
    "Iterator",
    "ListIterator",
    "Enumeration",
    "AbstractCollection",
    "AbstractList",
    "AbstractSet",
    "AbstractMap",
];

/// Factories a person builds a collection with (after `java.util.`).
const FACTORIES: [&str; 8] = [
    "List.of",
    "Set.of",
    "Map.of",
    "Map.entry",
    "Arrays.asList",
    "Collections.singletonList",
    "Optional.of",
    "Optional.empty",
];

/// Collection classes a test makes with `new` (after `java.util.`).
const CLASSES: [&str; 9] = [
    "ArrayList",
    "LinkedList",
    "HashSet",
    "LinkedHashSet",
    "TreeSet",
    "HashMap",
    "LinkedHashMap",
    "TreeMap",
    "ArrayDeque",
];

/// Whether a method descriptor has a parameter of a JDK collection type.
pub fn takes_collection(descriptor: &str) -> bool {
    let params = descriptor.split(')').next().unwrap_or("");
    COLLECTION_TYPES
        .iter()
        .any(|t| params.contains(&format!("L{t};")))
}

impl CollectionUse {
    /// The use of collections in the `.java` files under `tests`, for an
    /// entry whose methods have `descriptors`.
    pub fn of_tests<'a>(
        tests: &Path,
        descriptors: impl IntoIterator<Item = &'a str>,
    ) -> anyhow::Result<CollectionUse> {
        let mut sources = String::new();
        for file in super::junit::test_files(tests)? {
            sources.push_str(&std::fs::read_to_string(&file.path)?);
            sources.push('\n');
        }
        let mut u = CollectionUse::of_source(&sources);
        u.takes_collection = descriptors.into_iter().any(takes_collection);
        Ok(u)
    }

    /// The idioms and anonymous classes of Java source `src`.
    pub fn of_source(src: &str) -> CollectionUse {
        let src = src.replace("java.util.", "").replace("java.lang.", "");
        let mut built: Vec<(String, usize)> = Vec::new();
        for f in FACTORIES {
            let n = calls(&src, &format!("{f}("));
            if n > 0 {
                built.push((f.to_string(), n));
            }
        }
        for c in CLASSES {
            let n = calls(&src, &format!("new {c}<")) + calls(&src, &format!("new {c}("));
            if n > 0 {
                built.push((format!("new {c}"), n));
            }
        }
        built.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        CollectionUse {
            takes_collection: false,
            built,
            anonymous: anonymous_classes(&src),
        }
    }

    /// The idioms as a table cell: `List.of ×2, new HashMap ×1`, or `–`.
    pub fn built_cell(&self) -> String {
        if self.built.is_empty() {
            return "–".into();
        }
        let parts: Vec<String> = self
            .built
            .iter()
            .map(|(k, n)| format!("{k} ×{n}"))
            .collect();
        parts.join(", ")
    }
}

/// Occurrences of `pat` in `src` not preceded by an identifier character
/// (so `Set.of(` is not counted inside `HashSet.of(`).
fn calls(src: &str, pat: &str) -> usize {
    src.match_indices(pat)
        .filter(|(i, _)| {
            !src[..*i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
        })
        .count()
}

/// Anonymous classes of [`ANONYMOUS_BASES`] in `src` (with `java.util.`
/// and `java.lang.` taken out): `new B() {`, `new B<…>() {`.
fn anonymous_classes(src: &str) -> usize {
    src.match_indices("new ")
        .filter(|(i, _)| {
            let rest = &src[i + 4..];
            let name_end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '.' || c == '_' || c == '$'))
                .unwrap_or(rest.len());
            let name = &rest[..name_end];
            ANONYMOUS_BASES.contains(&name) && opens_a_body(&rest[name_end..])
        })
        .count()
}

/// Whether `rest` (what follows a type name after `new`) is optional type
/// arguments, an empty argument list and a class body: `<String>() {`.
fn opens_a_body(rest: &str) -> bool {
    let mut rest = rest.trim_start();
    if rest.starts_with('<') {
        let mut depth = 0;
        let Some(end) = rest.char_indices().find_map(|(i, c)| {
            match c {
                '<' => depth += 1,
                '>' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        }) else {
            return false;
        };
        rest = rest[end + 1..].trim_start();
    }
    let Some(after) = rest.strip_prefix('(') else {
        return false;
    };
    let Some(after) = after.trim_start().strip_prefix(')') else {
        return false;
    };
    after.trim_start().starts_with('{')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idioms_are_counted_and_anonymous_collections_found() {
        let src = r#"
            int r = U.f(java.util.List.of("a", "b"), java.util.Map.of("k", 1));
            java.util.Map<String, Integer> m = new java.util.HashMap<>();
            java.util.Set s = new java.util.LinkedHashSet<>(java.util.List.of(1));
            java.util.List l = new java.util.List() {
                public int size() { return 3; }
            };
            java.util.Iterator<String> it = new java.util.Iterator<String>() {
                public boolean hasNext() { return false; }
            };
            java.util.function.Supplier s = new java.util.function.Supplier() { };
            Object o = new java.util.ArrayList<>(java.util.List.of());
        "#;
        let u = CollectionUse::of_source(src);
        assert_eq!(u.anonymous, 2, "{u:?}");
        assert_eq!(
            u.built_cell(),
            "List.of ×3, Map.of ×1, new ArrayList ×1, new HashMap ×1, new LinkedHashSet ×1"
        );
        assert_eq!(CollectionUse::of_source("int x = 1;").built_cell(), "–");
    }

    #[test]
    fn collection_parameters_are_recognised() {
        assert!(takes_collection(
            "(Ljava/util/Map;Ljava/lang/Object;)Ljava/lang/Number;"
        ));
        assert!(takes_collection(
            "(Ljava/lang/Iterable;C)Ljava/lang/String;"
        ));
        assert!(!takes_collection("(Ljava/lang/Object;)Ljava/util/List;"));
        assert!(!takes_collection("(Ljava/util/Comparator;)V"));
    }
}
