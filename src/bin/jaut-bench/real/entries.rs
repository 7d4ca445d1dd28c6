//! The methods `jaut-bench real` covers: real code from Debian's jars,
//! chosen to be small public methods a user would plausibly point jaut at
//! (string and number utilities, a bounded queue, integer math, file-name
//! parsing), a few of them beyond what jaut models today so the figures
//! show where it stops.
//!
//! To add one, add a line to [`ENTRIES`]: the jar (a file name under the
//! Java library directory, `/usr/share/java` by default), the class, and a
//! method as `jaut cover --method` takes it (a name, or a name with a
//! descriptor prefix when the name is overloaded). If the jar is new, add
//! its Debian package to [`debian_package`] and to `scripts/setup.sh`.

/// The `method` of an entry that covers its whole class (`jaut cover`
/// without `--method`): every method JaCoCo lists is measured.
pub const WHOLE_CLASS: &str = "*";

/// One benchmark entry: one `jaut cover` run and one JaCoCo measurement.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The jar's file name under the Java library directory.
    pub jar: &'static str,
    /// The class, in Java form (`org.apache.commons.lang3.StringUtils`).
    pub class: &'static str,
    /// `jaut cover --method`: a name, or `name(descriptor)` for one overload.
    pub method: &'static str,
}

const fn e(jar: &'static str, class: &'static str, method: &'static str) -> Entry {
    Entry { jar, class, method }
}

pub const LANG3: &str = "commons-lang3.jar";
pub const COLLECTIONS4: &str = "commons-collections4.jar";
pub const GUAVA: &str = "guava.jar";
pub const IO: &str = "commons-io.jar";
/// Jars of `jaut-bench budget` only (`budget/entries.rs`).
pub const CODEC: &str = "commons-codec.jar";
pub const TEXT: &str = "commons-text.jar";

const STRING_UTILS: &str = "org.apache.commons.lang3.StringUtils";
const NUMBER_UTILS: &str = "org.apache.commons.lang3.math.NumberUtils";
const BOOLEAN_UTILS: &str = "org.apache.commons.lang3.BooleanUtils";
const CHAR_UTILS: &str = "org.apache.commons.lang3.CharUtils";
const WORD_UTILS: &str = "org.apache.commons.lang3.text.WordUtils";
const ARRAY_UTILS: &str = "org.apache.commons.lang3.ArrayUtils";
const FIFO: &str = "org.apache.commons.collections4.queue.CircularFifoQueue";
const COLLECTION_UTILS: &str = "org.apache.commons.collections4.CollectionUtils";
const LIST_UTILS: &str = "org.apache.commons.collections4.ListUtils";
const QUEUE_UTILS: &str = "org.apache.commons.collections4.QueueUtils";
const MAP_UTILS: &str = "org.apache.commons.collections4.MapUtils";
const SET_UTILS: &str = "org.apache.commons.collections4.SetUtils";
const SYNCHRONIZED_QUEUE: &str = "org.apache.commons.collections4.queue.SynchronizedQueue";
const PREDICATED_QUEUE: &str = "org.apache.commons.collections4.queue.PredicatedQueue";
const TRANSFORMED_QUEUE: &str = "org.apache.commons.collections4.queue.TransformedQueue";
const UNMODIFIABLE_QUEUE: &str = "org.apache.commons.collections4.queue.UnmodifiableQueue";
const COMPARATOR_UTILS: &str = "org.apache.commons.collections4.ComparatorUtils";
const NOT_PREDICATE: &str = "org.apache.commons.collections4.functors.NotPredicate";
const CHAINED_TRANSFORMER: &str = "org.apache.commons.collections4.functors.ChainedTransformer";
const INT_MATH: &str = "com.google.common.math.IntMath";
const DOUBLE_MATH: &str = "com.google.common.math.DoubleMath";
const IEEE754R_UTILS: &str = "org.apache.commons.lang3.math.IEEE754rUtils";
const OBJECT_UTILS: &str = "org.apache.commons.lang3.ObjectUtils";
const VALIDATE: &str = "org.apache.commons.lang3.Validate";
const FILENAME_UTILS: &str = "org.apache.commons.io.FilenameUtils";

/// The benchmark, in report order.
pub const ENTRIES: &[Entry] = &[
    // commons-lang3: strings (contents, length, characters, JDK calls).
    e(LANG3, STRING_UTILS, "isEmpty"),
    e(LANG3, STRING_UTILS, "isBlank"),
    e(LANG3, STRING_UTILS, "isNumeric"),
    e(LANG3, STRING_UTILS, "capitalize"),
    e(LANG3, STRING_UTILS, "left"),
    e(LANG3, STRING_UTILS, "right"),
    e(LANG3, STRING_UTILS, "repeat(Ljava/lang/String;I)"),
    e(
        LANG3,
        STRING_UTILS,
        "countMatches(Ljava/lang/CharSequence;C)",
    ),
    e(
        LANG3,
        STRING_UTILS,
        "indexOfAny(Ljava/lang/CharSequence;[C)",
    ),
    e(
        LANG3,
        STRING_UTILS,
        "containsOnly(Ljava/lang/CharSequence;[C)",
    ),
    e(LANG3, STRING_UTILS, "isAlpha"),
    e(LANG3, STRING_UTILS, "isAllLowerCase"),
    e(
        LANG3,
        STRING_UTILS,
        "substringAfterLast(Ljava/lang/String;I)",
    ),
    e(LANG3, STRING_UTILS, "substringBefore(Ljava/lang/String;I)"),
    // commons-lang3: numbers, booleans, characters, arrays.
    e(LANG3, NUMBER_UTILS, "toInt(Ljava/lang/String;I)"),
    e(LANG3, NUMBER_UTILS, "max(III)"),
    e(LANG3, NUMBER_UTILS, "min([I)"),
    e(LANG3, NUMBER_UTILS, "isParsable"),
    e(LANG3, BOOLEAN_UTILS, "toBoolean(Ljava/lang/String;)"),
    e(LANG3, BOOLEAN_UTILS, "toBooleanObject(I)"),
    e(LANG3, BOOLEAN_UTILS, "xor([Z)"),
    e(LANG3, CHAR_UTILS, "isAsciiAlpha"),
    e(LANG3, CHAR_UTILS, "toChar(Ljava/lang/String;C)"),
    e(LANG3, ARRAY_UTILS, "reverse([I)"),
    e(LANG3, ARRAY_UTILS, "indexOf([III)"),
    e(LANG3, ARRAY_UTILS, "isSorted([I)"),
    e(LANG3, ARRAY_UTILS, "subarray([III)"),
    // commons-collections4: an object with fields (a ring buffer), and
    // a method that takes anything.
    e(COLLECTIONS4, FIFO, "add"),
    e(COLLECTIONS4, FIFO, "remove"),
    e(COLLECTIONS4, FIFO, "get"),
    e(COLLECTIONS4, FIFO, "size"),
    e(COLLECTIONS4, COLLECTION_UTILS, "sizeIsEmpty"),
    // commons-collections4: methods taking comparators, predicates and
    // transformers, interfaces nothing on the class path implements
    // (mocks, issue 17).
    e(COLLECTIONS4, COMPARATOR_UTILS, "max"),
    e(
        COLLECTIONS4,
        COLLECTION_UTILS,
        "countMatches(Ljava/lang/Iterable;Lorg/apache/commons/collections4/Predicate;)",
    ),
    e(
        COLLECTIONS4,
        COLLECTION_UTILS,
        "filter(Ljava/lang/Iterable;Lorg/apache/commons/collections4/Predicate;)",
    ),
    e(COLLECTIONS4, NOT_PREDICATE, "evaluate"),
    // Methods taking JDK lists and collections (issue 36): inputs modelled
    // as lists (src/search/lists.rs), written as List.of / new ArrayList.
    e(
        COLLECTIONS4,
        COLLECTION_UTILS,
        "isEmpty(Ljava/util/Collection;)",
    ),
    e(
        COLLECTIONS4,
        COLLECTION_UTILS,
        "isNotEmpty(Ljava/util/Collection;)",
    ),
    e(COLLECTIONS4, COLLECTION_UTILS, "addIgnoreNull"),
    e(COLLECTIONS4, COLLECTION_UTILS, "emptyIfNull"),
    e(COLLECTIONS4, COLLECTION_UTILS, "get(Ljava/lang/Iterable;I)"),
    e(COLLECTIONS4, LIST_UTILS, "emptyIfNull"),
    e(COLLECTIONS4, LIST_UTILS, "defaultIfNull"),
    e(COLLECTIONS4, LIST_UTILS, "hashCodeForList"),
    e(COLLECTIONS4, LIST_UTILS, "isEqualList"),
    e(
        LANG3,
        VALIDATE,
        "notEmpty(Ljava/util/Collection;Ljava/lang/String;[Ljava/lang/Object;)",
    ),
    e(
        LANG3,
        VALIDATE,
        "validIndex(Ljava/util/Collection;ILjava/lang/String;[Ljava/lang/Object;)",
    ),
    e(LANG3, STRING_UTILS, "join(Ljava/util/List;CII)"),
    e(LANG3, STRING_UTILS, "join(Ljava/lang/Iterable;C)"),
    e(COLLECTIONS4, CHAINED_TRANSFORMER, "transform"),
    // Methods taking JDK queues (issue 36): inputs modelled as deques
    // (src/search/deques.rs), written as new ArrayDeque<>(List.of(…)).
    e(COLLECTIONS4, QUEUE_UTILS, "synchronizedQueue"),
    e(COLLECTIONS4, QUEUE_UTILS, "unmodifiableQueue"),
    e(COLLECTIONS4, UNMODIFIABLE_QUEUE, "unmodifiableQueue"),
    e(COLLECTIONS4, SYNCHRONIZED_QUEUE, "poll"),
    e(COLLECTIONS4, SYNCHRONIZED_QUEUE, "peek"),
    e(COLLECTIONS4, PREDICATED_QUEUE, "offer"),
    e(COLLECTIONS4, PREDICATED_QUEUE, "poll"),
    e(COLLECTIONS4, TRANSFORMED_QUEUE, "transformedQueue"),
    // Methods walking a map's views or a map of their own (issue 36): the
    // views modelled over the map (src/search/map_views.rs), an iterated
    // input written as a new LinkedHashMap<>() with put.
    e(COLLECTIONS4, MAP_UTILS, "invertMap"),
    e(
        COLLECTIONS4,
        MAP_UTILS,
        "getBoolean(Ljava/util/Map;Ljava/lang/Object;)",
    ),
    e(
        COLLECTIONS4,
        MAP_UTILS,
        "getNumber(Ljava/util/Map;Ljava/lang/Object;)",
    ),
    e(COLLECTIONS4, COLLECTION_UTILS, "getCardinalityMap"),
    // guava: integer arithmetic with overflow checks and table lookups.
    e(GUAVA, INT_MATH, "gcd"),
    e(GUAVA, INT_MATH, "mod"),
    e(GUAVA, INT_MATH, "pow"),
    e(GUAVA, INT_MATH, "checkedAdd"),
    e(GUAVA, INT_MATH, "log2"),
    // Floating point (issue 16): NaN rules, double arrays, casts, bits.
    e(LANG3, IEEE754R_UTILS, "min(DD)"),
    e(LANG3, IEEE754R_UTILS, "max([D)"),
    e(LANG3, NUMBER_UTILS, "min([D)"),
    e(GUAVA, DOUBLE_MATH, "isMathematicalInteger"),
    e(GUAVA, DOUBLE_MATH, "isPowerOfTwo"),
    e(GUAVA, DOUBLE_MATH, "roundToInt"),
    // Lambdas (issue 16): a functional-interface input, and a whole class
    // whose methods build their messages in lambdas.
    e(
        LANG3,
        OBJECT_UTILS,
        "toString(Ljava/lang/Object;Ljava/util/function/Supplier;)",
    ),
    // commons-io: file names, character by character.
    e(IO, FILENAME_UTILS, "getPrefixLength"),
    e(IO, FILENAME_UTILS, "getExtension"),
    e(
        IO,
        FILENAME_UTILS,
        "isExtension(Ljava/lang/String;Ljava/lang/String;)",
    ),
    // Whole string-heavy classes, every method (the Strings issue's
    // per-class figures).
    e(LANG3, CHAR_UTILS, WHOLE_CLASS),
    e(LANG3, BOOLEAN_UTILS, WHOLE_CLASS),
    e(LANG3, WORD_UTILS, WHOLE_CLASS),
    e(LANG3, VALIDATE, WHOLE_CLASS),
    // Sorted sets (issue 36): an input SortedSet or NavigableSet built as
    // new TreeSet<>(List.of(…)) (src/search/sorted.rs).
    e(
        COLLECTIONS4,
        "org.apache.commons.collections4.set.TransformedSortedSet",
        "transformedSortedSet",
    ),
    e(COLLECTIONS4, SET_UTILS, "unmodifiableNavigableSet"),
    // Collection-taking methods first tried after the audit of issue 36:
    // a join over an Iterable, a set comparison by containsAll (the
    // bytecode AbstractCollection specifies it by) and a set's hash code.
    e(
        LANG3,
        STRING_UTILS,
        "join(Ljava/lang/Iterable;Ljava/lang/String;)",
    ),
    e(COLLECTIONS4, SET_UTILS, "isEqualSet"),
    e(COLLECTIONS4, SET_UTILS, "hashCodeForSet"),
];

/// The Debian package that installs `jar`, for the missing-jar message.
pub fn debian_package(jar: &str) -> &'static str {
    match jar {
        LANG3 => "libcommons-lang3-java",
        COLLECTIONS4 => "libcommons-collections4-java",
        GUAVA => "libguava-java",
        IO => "libcommons-io-java",
        CODEC => "libcommons-codec-java",
        TEXT => "libcommons-text-java",
        "junit-platform-console-standalone.jar" | "junit-jupiter-api.jar" => "junit5",
        "apiguardian-api.jar" => "libapiguardian-java",
        "junit4.jar" => "junit4",
        "hamcrest-core.jar" => "libhamcrest-java",
        j if j.starts_with("org.jacoco.") => "libjacoco-java",
        j if j.starts_with("asm") => "libasm-java",
        _ => "the package that ships it",
    }
}

impl Entry {
    /// `StringUtils.countMatches(CharSequence, char)`: the simple class
    /// name and the method, its descriptor (if any) in Java types.
    pub fn label(&self) -> String {
        let simple = self.class.rsplit('.').next().unwrap_or(self.class);
        if self.is_whole_class() {
            return format!("{simple} (whole class)");
        }
        match self.method.split_once('(') {
            None => format!("{simple}.{}", self.method),
            Some((name, rest)) => {
                let params = rest.split(')').next().unwrap_or("");
                format!("{simple}.{name}({})", java_params(params).join(", "))
            }
        }
    }

    /// Whether the entry covers its whole class.
    pub fn is_whole_class(&self) -> bool {
        self.method == WHOLE_CLASS
    }

    /// The label as a file name (`StringUtils.countMatches_CharSequence_char`).
    pub fn slug(&self) -> String {
        let mut s = String::new();
        for c in self.label().chars() {
            match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '.' => s.push(c),
                '[' => s.push_str("Arr"),
                ']' => {}
                _ if !s.ends_with('_') => s.push('_'),
                _ => {}
            }
        }
        s.trim_end_matches('_').to_string()
    }

    /// Whether the JVM descriptor `desc` is one of the methods named
    /// `name` that this entry selects (the rule of `jaut cover --method`:
    /// the name, and the descriptor's start when one is given).
    pub fn selects(&self, name: &str, desc: &str) -> bool {
        if self.is_whole_class() {
            return true;
        }
        match self.method.split_once('(') {
            None => name == self.method,
            Some((n, d)) => name == n && desc.starts_with(&format!("({d}")),
        }
    }
}

/// Java types of the parameter part of a JVM descriptor (`[ILjava/lang/String;`
/// gives `int[]`, `String`; packages are dropped).
pub fn java_params(params: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut dims = 0;
    let mut chars = params.chars();
    while let Some(c) = chars.next() {
        let base = match c {
            '[' => {
                dims += 1;
                continue;
            }
            'Z' => "boolean".to_string(),
            'B' => "byte".to_string(),
            'C' => "char".to_string(),
            'S' => "short".to_string(),
            'I' => "int".to_string(),
            'J' => "long".to_string(),
            'F' => "float".to_string(),
            'D' => "double".to_string(),
            'L' => {
                let name: String = chars.by_ref().take_while(|&c| c != ';').collect();
                name.rsplit(['/', '$']).next().unwrap_or("").to_string()
            }
            other => other.to_string(),
        };
        out.push(format!("{base}{}", "[]".repeat(dims)));
        dims = 0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_slugs() {
        let x = e(
            LANG3,
            STRING_UTILS,
            "countMatches(Ljava/lang/CharSequence;C)",
        );
        assert_eq!(x.label(), "StringUtils.countMatches(CharSequence, char)");
        assert_eq!(x.slug(), "StringUtils.countMatches_CharSequence_char");
        let y = e(LANG3, ARRAY_UTILS, "subarray([III)");
        assert_eq!(y.label(), "ArrayUtils.subarray(int[], int, int)");
        assert_eq!(y.slug(), "ArrayUtils.subarray_intArr_int_int");
        assert_eq!(e(GUAVA, INT_MATH, "gcd").label(), "IntMath.gcd");
        let whole = e(LANG3, CHAR_UTILS, WHOLE_CLASS);
        assert_eq!(whole.label(), "CharUtils (whole class)");
        assert_eq!(whole.slug(), "CharUtils_whole_class");
        assert!(whole.selects("toChar", "(Ljava/lang/String;C)C"));
    }

    #[test]
    fn selects_like_jaut_cover_method() {
        let x = e(
            LANG3,
            STRING_UTILS,
            "countMatches(Ljava/lang/CharSequence;C)",
        );
        assert!(x.selects("countMatches", "(Ljava/lang/CharSequence;C)I"));
        assert!(!x.selects(
            "countMatches",
            "(Ljava/lang/CharSequence;Ljava/lang/CharSequence;)I"
        ));
        let y = e(LANG3, STRING_UTILS, "isEmpty");
        assert!(y.selects("isEmpty", "(Ljava/lang/CharSequence;)Z"));
        assert!(!y.selects("isNotEmpty", "(Ljava/lang/CharSequence;)Z"));
    }

    #[test]
    fn labels_are_unique() {
        let mut labels: Vec<String> = ENTRIES.iter().map(Entry::label).collect();
        labels.sort();
        labels.dedup();
        assert_eq!(labels.len(), ENTRIES.len());
    }
}
