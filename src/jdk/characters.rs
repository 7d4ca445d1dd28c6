//! The `java.lang.Character` methods the search models instead of
//! exploring them (their answers come from `CharacterData` tables built at
//! class initialization): each method's name and descriptors. Their
//! answers on every code point are the JVM's own, from [`crate::unicode`];
//! src/jdk/strings/characters.rs turns them into constraints.

/// A `Character` method of one `char` or code point argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharacterMethod {
    IsDigit,
    IsWhitespace,
    IsLetter,
    IsLetterOrDigit,
    IsUpperCase,
    IsLowerCase,
    IsTitleCase,
    /// `isSpaceChar`: the space separators (Zs, Zl, Zp).
    IsSpaceChar,
    IsAlphabetic,
    IsIdeographic,
    IsDefined,
    IsJavaIdentifierStart,
    IsJavaIdentifierPart,
    IsUnicodeIdentifierStart,
    IsUnicodeIdentifierPart,
    IsIdentifierIgnorable,
    IsMirrored,
    ToUpperCase,
    ToLowerCase,
    ToTitleCase,
    /// The general category, as `Character`'s byte constants.
    GetType,
    GetNumericValue,
}

impl CharacterMethod {
    /// The table of `Character.digit(c, 36)`, from which `digit(c, radix)`
    /// is the value when below `radix`.
    pub const DIGIT_TABLE: &'static str = "digit";

    /// Every method, with its name in `java.lang.Character`.
    pub const ALL: [(CharacterMethod, &'static str); 22] = [
        (CharacterMethod::IsDigit, "isDigit"),
        (CharacterMethod::IsWhitespace, "isWhitespace"),
        (CharacterMethod::IsLetter, "isLetter"),
        (CharacterMethod::IsLetterOrDigit, "isLetterOrDigit"),
        (CharacterMethod::IsUpperCase, "isUpperCase"),
        (CharacterMethod::IsLowerCase, "isLowerCase"),
        (CharacterMethod::IsTitleCase, "isTitleCase"),
        (CharacterMethod::IsSpaceChar, "isSpaceChar"),
        (CharacterMethod::IsAlphabetic, "isAlphabetic"),
        (CharacterMethod::IsIdeographic, "isIdeographic"),
        (CharacterMethod::IsDefined, "isDefined"),
        (
            CharacterMethod::IsJavaIdentifierStart,
            "isJavaIdentifierStart",
        ),
        (
            CharacterMethod::IsJavaIdentifierPart,
            "isJavaIdentifierPart",
        ),
        (
            CharacterMethod::IsUnicodeIdentifierStart,
            "isUnicodeIdentifierStart",
        ),
        (
            CharacterMethod::IsUnicodeIdentifierPart,
            "isUnicodeIdentifierPart",
        ),
        (
            CharacterMethod::IsIdentifierIgnorable,
            "isIdentifierIgnorable",
        ),
        (CharacterMethod::IsMirrored, "isMirrored"),
        (CharacterMethod::ToUpperCase, "toUpperCase"),
        (CharacterMethod::ToLowerCase, "toLowerCase"),
        (CharacterMethod::ToTitleCase, "toTitleCase"),
        (CharacterMethod::GetType, "getType"),
        (CharacterMethod::GetNumericValue, "getNumericValue"),
    ];

    /// The method's name in `java.lang.Character` (and its table's).
    pub fn name(self) -> &'static str {
        CharacterMethod::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map(|(_, n)| *n)
            .expect("every method is listed")
    }

    /// The descriptors it has: a `char` and a code point form, but for
    /// `isAlphabetic` and `isIdeographic`, which take only a code point.
    /// The `char` form answers as the code point form does (a case mapping
    /// keeps every `char` in the Basic Multilingual Plane, which
    /// `tests/character_tests.rs` checks).
    pub fn descriptors(self) -> &'static [&'static str] {
        match self {
            CharacterMethod::IsAlphabetic | CharacterMethod::IsIdeographic => &["(I)Z"],
            CharacterMethod::ToUpperCase
            | CharacterMethod::ToLowerCase
            | CharacterMethod::ToTitleCase => &["(C)C", "(I)I"],
            CharacterMethod::GetType | CharacterMethod::GetNumericValue => &["(C)I", "(I)I"],
            _ => &["(C)Z", "(I)Z"],
        }
    }
}

/// A character outside ASCII that `String.equalsIgnoreCase` takes as equal
/// to some ASCII characters: `partner`, with the ASCII characters it
/// matches (`'\u{212A}'`, the Kelvin sign, matches `'k'` and `'K'`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CasePartner {
    pub partner: u16,
    pub ascii: Vec<u8>,
}

/// Every non-ASCII `char` that `equalsIgnoreCase` matches with an ASCII
/// one, from the JVM's case tables ([`crate::unicode`]); `None` without
/// them. Two characters match (`StringLatin1`/`StringUTF16`
/// `regionMatchesCI`) when they are equal, when their upper cases are, or
/// when the lower cases of their upper cases are. Surrogates are left
/// out: a pair of them is compared as one supplementary code point.
pub fn ascii_case_partners() -> Option<&'static [CasePartner]> {
    static PARTNERS: std::sync::OnceLock<Option<Vec<CasePartner>>> = std::sync::OnceLock::new();
    PARTNERS
        .get_or_init(|| {
            let tables = crate::unicode::tables().ok()?;
            let upper = tables.get(CharacterMethod::ToUpperCase.name())?;
            let lower = tables.get(CharacterMethod::ToLowerCase.name())?;
            let folds = |c: u32| {
                let u = upper.eval(c);
                (u, lower.eval(u as u32))
            };
            let ascii: Vec<(u8, (i32, i32))> =
                (0u8..0x80).map(|x| (x, folds(u32::from(x)))).collect();
            let mut out = Vec::new();
            for y in 0x80u32..=0xffff {
                if (0xd800..=0xdfff).contains(&y) {
                    continue;
                }
                let (uy, ly) = folds(y);
                let matched: Vec<u8> = ascii
                    .iter()
                    .filter(|(_, (ux, lx))| *ux == uy || *lx == ly)
                    .map(|(x, _)| *x)
                    .collect();
                if !matched.is_empty() {
                    out.push(CasePartner {
                        partner: y as u16,
                        ascii: matched,
                    });
                }
            }
            Some(out)
        })
        .as_deref()
}
