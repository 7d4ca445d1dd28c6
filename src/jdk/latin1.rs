//! The `java.lang.Character` methods over Latin-1 (code points 0 to 255),
//! as JDK 17 answers them (`CharacterDataLatin1`): the classes of
//! characters as ranges, and the case mappings. `tests/character_tests.rs`
//! checks every table against the JVM. Past Latin-1 the search leaves the
//! answer free (src/search/characters.rs).

/// The Latin-1 digits.
const DIGITS: &[(u32, u32)] = &[(0x30, 0x39)];

/// The Latin-1 letters.
const LETTERS: &[(u32, u32)] = &[
    (0x41, 0x5a),
    (0x61, 0x7a),
    (0xaa, 0xaa),
    (0xb5, 0xb5),
    (0xba, 0xba),
    (0xc0, 0xd6),
    (0xd8, 0xf6),
    (0xf8, 0xff),
];

/// The title-case letters (Unicode category Lt), every code point JDK 17's
/// `Character.isTitleCase(int)` holds for: none of them Latin-1.
const TITLE_CASE: &[(u32, u32)] = &[
    (0x1c5, 0x1c5),
    (0x1c8, 0x1c8),
    (0x1cb, 0x1cb),
    (0x1f2, 0x1f2),
    (0x1f88, 0x1f8f),
    (0x1f98, 0x1f9f),
    (0x1fa8, 0x1faf),
    (0x1fbc, 0x1fbc),
    (0x1fcc, 0x1fcc),
    (0x1ffc, 0x1ffc),
];

/// A `Character` method with a Latin-1 model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharacterMethod {
    IsDigit,
    IsWhitespace,
    IsLetter,
    IsLetterOrDigit,
    IsUpperCase,
    IsLowerCase,
    /// No Latin-1 character is title case.
    IsTitleCase,
    /// `isSpaceChar`: the space separators (Zs, Zl, Zp).
    IsSpaceChar,
    ToUpperCase,
    ToLowerCase,
    /// Over Latin-1 the same as `toUpperCase` (the title-case forms that
    /// differ are digraphs past it).
    ToTitleCase,
}

impl CharacterMethod {
    /// Every method, with its name in `java.lang.Character`.
    pub const ALL: [(CharacterMethod, &'static str); 11] = [
        (CharacterMethod::IsDigit, "isDigit"),
        (CharacterMethod::IsWhitespace, "isWhitespace"),
        (CharacterMethod::IsLetter, "isLetter"),
        (CharacterMethod::IsLetterOrDigit, "isLetterOrDigit"),
        (CharacterMethod::IsUpperCase, "isUpperCase"),
        (CharacterMethod::IsLowerCase, "isLowerCase"),
        (CharacterMethod::IsTitleCase, "isTitleCase"),
        (CharacterMethod::IsSpaceChar, "isSpaceChar"),
        (CharacterMethod::ToUpperCase, "toUpperCase"),
        (CharacterMethod::ToLowerCase, "toLowerCase"),
        (CharacterMethod::ToTitleCase, "toTitleCase"),
    ];

    /// Whether [`Self::ranges`] are exact for every code point, not only
    /// Latin-1's: `isTitleCase`, whose letters (Unicode category Lt) are few.
    pub fn exact_everywhere(self) -> bool {
        self == CharacterMethod::IsTitleCase
    }

    /// For a predicate, the Latin-1 characters it holds for, as inclusive
    /// ranges (every code point for [`Self::exact_everywhere`]); `None` for
    /// a case mapping.
    pub fn ranges(self) -> Option<Vec<(u32, u32)>> {
        Some(match self {
            CharacterMethod::IsDigit => DIGITS.to_vec(),
            CharacterMethod::IsWhitespace => vec![(0x09, 0x0d), (0x1c, 0x20)],
            CharacterMethod::IsLetter => LETTERS.to_vec(),
            CharacterMethod::IsLetterOrDigit => [DIGITS, LETTERS].concat(),
            CharacterMethod::IsUpperCase => vec![(0x41, 0x5a), (0xc0, 0xd6), (0xd8, 0xde)],
            CharacterMethod::IsTitleCase => TITLE_CASE.to_vec(),
            CharacterMethod::IsSpaceChar => vec![(0x20, 0x20), (0xa0, 0xa0)],
            CharacterMethod::IsLowerCase => vec![
                (0x61, 0x7a),
                (0xaa, 0xaa),
                (0xb5, 0xb5),
                (0xba, 0xba),
                (0xdf, 0xf6),
                (0xf8, 0xff),
            ],
            CharacterMethod::ToUpperCase
            | CharacterMethod::ToLowerCase
            | CharacterMethod::ToTitleCase => return None,
        })
    }

    /// For a case mapping, the Latin-1 characters it changes: `(ranges,
    /// offset)` moved by the offset, and single characters with their image.
    #[allow(clippy::type_complexity)]
    pub fn mapping(self) -> Option<(&'static [(u32, u32)], i32, &'static [(u32, u32)])> {
        match self {
            CharacterMethod::ToUpperCase | CharacterMethod::ToTitleCase => Some((
                &[(0x61, 0x7a), (0xe0, 0xf6), (0xf8, 0xfe)],
                -32,
                &[(0xb5, 0x39c), (0xff, 0x178)],
            )),
            CharacterMethod::ToLowerCase => {
                Some((&[(0x41, 0x5a), (0xc0, 0xd6), (0xd8, 0xde)], 32, &[]))
            }
            _ => None,
        }
    }

    /// What the model says of Latin-1 character `c` (the image of a
    /// mapping, or 1/0 for a predicate).
    pub fn latin1(self, c: u32) -> u32 {
        if let Some(ranges) = self.ranges() {
            return u32::from(ranges.iter().any(|&(a, b)| (a..=b).contains(&c)));
        }
        let (ranges, offset, single) = self.mapping().expect("a mapping");
        if let Some(&(_, image)) = single.iter().find(|&&(x, _)| x == c) {
            return image;
        }
        if ranges.iter().any(|&(a, b)| (a..=b).contains(&c)) {
            return (c as i32 + offset) as u32;
        }
        c
    }
}
