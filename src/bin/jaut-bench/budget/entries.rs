//! What `jaut-bench budget` points jaut at: whole classes a user would
//! plausibly hand to `jaut cover --class` (phonetic encoders, hex coding,
//! string distances, case conversion, file names, integer math; a few
//! dozen to a few hundred bytecode instructions of real logic each, from
//! Debian's commons-codec, commons-text, commons-lang3, commons-io and
//! guava jars), and whole jars (`jaut cover JAR`, no `--class`).
//!
//! To add one, add a line to [`ENTRIES`]: the jar (a file name under the
//! Java library directory), the class or none for the whole jar, and the
//! jars its code needs at run time. A new jar also goes into
//! `real::entries::debian_package` and `scripts/setup.sh`.

use serde::Serialize;

use crate::real::entries::{CODEC, GUAVA, IO, LANG3, TEXT};

/// A whole class (with its nested classes) or a whole jar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Class,
    Jar,
}

/// One entry: one budgeted `jaut cover` run, measured at its checkpoints.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The jar's file name under the Java library directory.
    pub jar: &'static str,
    /// The class in Java form; `None` for the whole jar.
    pub class: Option<&'static str>,
    /// Jars the code calls at run time (`jaut cover --classpath`, and the
    /// tests' class path).
    pub deps: &'static [&'static str],
}

const fn class(jar: &'static str, class: &'static str, deps: &'static [&'static str]) -> Entry {
    Entry {
        jar,
        class: Some(class),
        deps,
    }
}

const fn jar(jar: &'static str, deps: &'static [&'static str]) -> Entry {
    Entry {
        jar,
        class: None,
        deps,
    }
}

/// commons-text calls commons-lang3 (StringUtils, Validate).
const TEXT_DEPS: &[&str] = &[LANG3];

/// The benchmark, in report order: the classes, then the jars.
pub const ENTRIES: &[Entry] = &[
    class(CODEC, "org.apache.commons.codec.binary.Hex", &[]),
    class(CODEC, "org.apache.commons.codec.language.Soundex", &[]),
    class(
        CODEC,
        "org.apache.commons.codec.language.RefinedSoundex",
        &[],
    ),
    class(CODEC, "org.apache.commons.codec.language.Caverphone2", &[]),
    class(CODEC, "org.apache.commons.codec.language.Nysiis", &[]),
    class(
        TEXT,
        "org.apache.commons.text.similarity.LevenshteinDistance",
        TEXT_DEPS,
    ),
    class(
        TEXT,
        "org.apache.commons.text.similarity.JaroWinklerSimilarity",
        TEXT_DEPS,
    ),
    class(TEXT, "org.apache.commons.text.CaseUtils", TEXT_DEPS),
    class(TEXT, "org.apache.commons.text.WordUtils", TEXT_DEPS),
    class(LANG3, "org.apache.commons.lang3.CharSequenceUtils", &[]),
    class(IO, "org.apache.commons.io.FilenameUtils", &[]),
    class(GUAVA, "com.google.common.math.IntMath", &[]),
    jar(CODEC, &[]),
    jar(TEXT, TEXT_DEPS),
];

impl Entry {
    pub fn kind(&self) -> Kind {
        match self.class {
            Some(_) => Kind::Class,
            None => Kind::Jar,
        }
    }

    /// The class's simple name (`Hex`), or the jar's file name.
    pub fn label(&self) -> String {
        match self.class {
            Some(c) => c.rsplit('.').next().unwrap_or(c).to_string(),
            None => self.jar.to_string(),
        }
    }

    /// The label as a directory name: letters, digits, `.` and `-`, the
    /// rest `_`.
    pub fn slug(&self) -> String {
        self.label()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }

    /// `--only S`: the label, the class or the jar contains S.
    pub fn matches(&self, only: &str) -> bool {
        self.label().contains(only)
            || self.class.is_some_and(|c| c.contains(only))
            || self.jar.contains(only)
    }

    /// The jar and the jars it needs.
    pub fn jars(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.jar).chain(self.deps.iter().copied())
    }

    /// Whether a class of the jar (Java name) is measured: the class and
    /// its nested and anonymous classes (`C$Inner`, `C$1`), or every class
    /// of a whole jar.
    pub fn measures(&self, name: &str) -> bool {
        match self.class {
            None => true,
            Some(c) => name == c || name.strip_prefix(c).is_some_and(|r| r.starts_with('$')),
        }
    }

    /// The JaCoCo agent's `includes` for the measured classes (Java names,
    /// as in the jar): the class and `C$*`, or the package all of a jar's
    /// classes are in, with `.*` (`*` when they share none).
    pub fn includes(&self, classes: &[String]) -> String {
        match self.class {
            Some(c) => format!("{c}:{c}$*"),
            None => match common_package(classes) {
                Some(p) => format!("{p}.*"),
                None => "*".into(),
            },
        }
    }
}

/// The longest package (dotted prefix ending before a `.`) every class
/// name is in.
fn common_package(classes: &[String]) -> Option<String> {
    let mut common: Option<Vec<&str>> = None;
    for c in classes {
        let parts: Vec<&str> = c.split('.').collect();
        let package = &parts[..parts.len() - 1];
        common = Some(match common {
            None => package.to_vec(),
            Some(p) => p
                .iter()
                .zip(package)
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| *a)
                .collect(),
        });
    }
    common.filter(|p| !p.is_empty()).map(|p| p.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_slugs_are_unique() {
        let mut labels: Vec<String> = ENTRIES.iter().map(Entry::label).collect();
        let mut slugs: Vec<String> = ENTRIES.iter().map(Entry::slug).collect();
        labels.sort();
        labels.dedup();
        slugs.sort();
        slugs.dedup();
        assert_eq!(labels.len(), ENTRIES.len());
        assert_eq!(slugs.len(), ENTRIES.len());
    }

    #[test]
    fn enough_classes_and_jars() {
        let classes: Vec<&Entry> = ENTRIES.iter().filter(|e| e.kind() == Kind::Class).collect();
        let mut jars: Vec<&str> = classes.iter().map(|e| e.jar).collect();
        jars.sort();
        jars.dedup();
        assert!(classes.len() >= 10);
        assert!(jars.len() >= 3);
        assert_eq!(ENTRIES.iter().filter(|e| e.kind() == Kind::Jar).count(), 2);
    }

    #[test]
    fn labels_slugs_and_selection() {
        let hex = class(CODEC, "org.apache.commons.codec.binary.Hex", &[]);
        assert_eq!(hex.label(), "Hex");
        assert_eq!(hex.slug(), "Hex");
        assert!(hex.matches("Hex") && hex.matches("codec") && !hex.matches("text"));
        assert!(hex.measures("org.apache.commons.codec.binary.Hex"));
        assert!(hex.measures("org.apache.commons.codec.binary.Hex$1"));
        assert!(!hex.measures("org.apache.commons.codec.binary.HexFormat"));
        let text = jar(TEXT, TEXT_DEPS);
        assert_eq!(text.label(), "commons-text.jar");
        assert_eq!(text.slug(), "commons-text.jar");
        assert!(text.measures("org.apache.commons.text.WordUtils"));
        assert_eq!(
            text.jars().collect::<Vec<_>>(),
            ["commons-text.jar", "commons-lang3.jar"]
        );
    }

    #[test]
    fn includes_name_the_class_or_the_jars_package() {
        let hex = class(CODEC, "a.Hex", &[]);
        assert_eq!(hex.includes(&[]), "a.Hex:a.Hex$*");
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let j = jar(CODEC, &[]);
        assert_eq!(
            j.includes(&names(&[
                "o.a.c.codec.Hex",
                "o.a.c.codec.net.URLCodec",
                "o.a.c.codec.language.bm.Rule$1"
            ])),
            "o.a.c.codec.*"
        );
        assert_eq!(j.includes(&names(&["a.B", "c.D"])), "*");
        assert_eq!(j.includes(&names(&["B"])), "*");
    }
}
