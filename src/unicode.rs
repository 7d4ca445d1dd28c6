//! The JVM's own answers to `java.lang.Character`'s classification and
//! case-mapping methods on every code point (0 to 0x10FFFF), as tables of
//! runs: `isLetter`, `toUpperCase`, `getType`, `digit`, …
//!
//! The JDK computes these in the subclasses of `java.lang.CharacterData`
//! from tables built by their class initializers, which the search cannot
//! follow. Instead `build.rs` runs `java-harness/src/jaut/unicode/Tables.java`
//! on the JDK jaut is built with; the program checks its tables against
//! the methods on every code point before printing them, and jaut embeds
//! them. The Unicode version is the JDK's feature release's (JDK 17:
//! Unicode 13), so the tables are used only when the JDK found at run time
//! has the same feature version ([`tables`]); otherwise the search leaves
//! the answers free, flagged as beyond the model (src/jdk/strings/characters.rs).

use std::collections::HashMap;
use std::sync::OnceLock;

/// The program's output, from `build.rs`.
const TABLES: &str = include_str!(concat!(env!("OUT_DIR"), "/unicode_tables.txt"));
/// `JAVA_VERSION` of the JDK the tables come from.
const TABLES_JDK: &str = include_str!(concat!(env!("OUT_DIR"), "/unicode_jdk.txt"));

/// What a run maps each of its code points `c` to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Image {
    /// `c + delta`: a case mapping, or a digit's value.
    Shift(i32),
    /// One value for every code point of the run (a predicate's 1, a type).
    Constant(i32),
}

/// The value of a function outside its runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outside {
    /// The code point itself (case mappings).
    Identity,
    /// One value (0 for a predicate, -1 for `digit`).
    Constant(i32),
}

/// The code points `first, first + stride, …, last`, mapped by `image`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub first: u32,
    pub last: u32,
    /// 1, or 2 for the alternating upper/lower pairs of Latin Extended.
    pub stride: u32,
    pub image: Image,
}

impl Run {
    pub fn covers(&self, c: u32) -> bool {
        (self.first..=self.last).contains(&c) && (c - self.first).is_multiple_of(self.stride)
    }
}

/// One method as a function of the code point: runs in order, with
/// disjoint spans, and the value elsewhere. A predicate is 1 where it
/// holds and 0 elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub outside: Outside,
    pub runs: Vec<Run>,
}

impl Table {
    /// A table whose one-point runs take the image most longer runs have:
    /// a point is both `c + (v - c)` and `v`, and grouping by image (the
    /// search's cases) wants `getType`'s points as types and a case
    /// mapping's as shifts.
    pub fn new(outside: Outside, mut runs: Vec<Run>) -> Table {
        let long = runs.iter().filter(|r| r.first < r.last);
        let shifts = long.clone().filter(|r| matches!(r.image, Image::Shift(_)));
        let as_shift = shifts.count() * 2 >= long.count();
        for r in runs.iter_mut().filter(|r| r.first == r.last) {
            let value = match r.image {
                Image::Shift(d) => r.first as i32 + d,
                Image::Constant(v) => v,
            };
            r.image = if as_shift {
                Image::Shift(value - r.first as i32)
            } else {
                Image::Constant(value)
            };
        }
        Table { outside, runs }
    }

    /// The method's answer for code point `c` (0 to 0x10FFFF).
    pub fn eval(&self, c: u32) -> i32 {
        let at = self.runs.partition_point(|r| r.last < c);
        match self.runs.get(at) {
            Some(r) if r.covers(c) => match r.image {
                Image::Shift(d) => c as i32 + d,
                Image::Constant(v) => v,
            },
            _ => match self.outside {
                Outside::Identity => c as i32,
                Outside::Constant(v) => v,
            },
        }
    }

    /// The runs that start at or below `top` (a `char` argument's tables:
    /// `top` 0xFFFF; Latin-1's: 0xFF), the last one cut at `top`.
    pub fn below(&self, top: u32) -> Vec<Run> {
        self.runs
            .iter()
            .filter(|r| r.first <= top)
            .map(|r| {
                let mut r = *r;
                while r.last > top {
                    r.last -= r.stride;
                }
                r
            })
            .collect()
    }
}

/// The code points up to `top` that none of `runs` (in order, disjoint
/// spans, cut at `top`) covers, as runs of the same shape (their images
/// are meaningless): the gaps between spans, and the odd places of a span
/// of stride 2.
pub fn complement(runs: &[Run], top: u32) -> Vec<Run> {
    let gap = |first: u32, last: u32, stride: u32| Run {
        first,
        last,
        stride,
        image: Image::Constant(0),
    };
    let mut out = Vec::new();
    let mut next = 0u32;
    for r in runs {
        if r.first > next {
            out.push(gap(next, r.first - 1, 1));
        }
        if r.stride > 1 && r.first < r.last {
            out.push(gap(r.first + 1, r.last - 1, r.stride));
        }
        next = r.last + 1;
    }
    if next <= top {
        out.push(gap(next, top, 1));
    }
    out
}

/// Every method's table, by its name in `java.lang.Character`.
#[derive(Debug)]
pub struct Tables {
    by_name: HashMap<String, Table>,
}

impl Tables {
    /// The table of method `name` (`"isLetter"`, `"digit"`: `digit(c, 36)`).
    pub fn get(&self, name: &str) -> Option<&Table> {
        self.by_name.get(name)
    }
}

/// Why the tables are not used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unavailable {
    #[error("the Unicode tables are JDK {built}'s, but the JDK found now is {now}")]
    OtherJdk { built: String, now: String },
    #[error("no JDK: {0}")]
    NoJdk(String),
    #[error("the embedded Unicode tables do not parse at line {0}")]
    Parse(usize),
}

/// The tables, when they hold for the JDK found at run time (read once).
pub fn tables() -> Result<&'static Tables, Unavailable> {
    static TABLES_ONCE: OnceLock<Result<Tables, Unavailable>> = OnceLock::new();
    TABLES_ONCE
        .get_or_init(|| {
            let home =
                crate::java_home::java_home().map_err(|e| Unavailable::NoJdk(e.to_string()))?;
            let now = std::fs::read_to_string(home.join("release"))
                .ok()
                .and_then(|r| {
                    r.lines()
                        .find_map(|l| l.strip_prefix("JAVA_VERSION=").map(str::to_string))
                })
                .unwrap_or_default();
            if feature(&now) != feature(TABLES_JDK) {
                return Err(Unavailable::OtherJdk {
                    built: TABLES_JDK.trim_matches('"').to_string(),
                    now: now.trim_matches('"').to_string(),
                });
            }
            parse(TABLES)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The feature release of a `JAVA_VERSION` (`"17.0.15"` → `17`).
fn feature(version: &str) -> Option<u32> {
    version.trim_matches('"').split('.').next()?.parse().ok()
}

/// Reads the program's output (see `Tables.java`).
pub fn parse(text: &str) -> Result<Tables, Unavailable> {
    let mut by_name = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let bad = || Unavailable::Parse(i + 1);
        let mut words = line.split_whitespace();
        let name = words.next().ok_or_else(bad)?;
        let outside = match words.next().ok_or_else(bad)? {
            "id" => Outside::Identity,
            v => Outside::Constant(v.parse().map_err(|_| bad())?),
        };
        let numbers: Vec<i64> = words
            .map(|w| w.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        if !numbers.len().is_multiple_of(5) {
            return Err(bad());
        }
        let runs = numbers
            .chunks(5)
            .map(|r| {
                let value = i32::try_from(r[4]).map_err(|_| bad())?;
                Ok(Run {
                    first: u32::try_from(r[0]).map_err(|_| bad())?,
                    last: u32::try_from(r[1]).map_err(|_| bad())?,
                    stride: u32::try_from(r[2])
                        .ok()
                        .filter(|&s| s > 0)
                        .ok_or_else(bad)?,
                    image: if r[3] == 1 {
                        Image::Shift(value)
                    } else {
                        Image::Constant(value)
                    },
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        by_name.insert(name.to_string(), Table::new(outside, runs));
    }
    Ok(Tables { by_name })
}
