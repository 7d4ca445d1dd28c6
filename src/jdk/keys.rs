//! Every intrinsic the registry ([`super::registry`]) finds by key
//! `pkg/Class.name(descriptor)` (JVMS §4.3.3), in one table: the methods
//! listed class by class, and the families whose overloads follow a
//! pattern (`Arrays`, `PrintStream`, `Character`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::characters::CharacterMethod;
use super::env_objects::EnvObject;
use super::math::MathFn;
use super::methods::{
    ArraysMethod, ClassMethod, FloatMethod, Intrinsic as I, NumberMethod, RegexMethod, StringEdit,
    StringMethod,
};
use super::random::RandomMethod as R;
use super::{logging, printing};
use crate::model::term::FpFn;

/// The intrinsics found by key, class by class.
const BY_CLASS: &[(&str, &[(&str, I)])] = &[
    (
        "java/lang/String",
        &[
            ("length()I", I::StringLength),
            ("charAt(I)C", I::StringCharAt),
            ("isEmpty()Z", I::StringIsEmpty),
            ("equals(Ljava/lang/Object;)Z", I::StringEquals),
            ("<init>(Ljava/lang/String;)V", I::StringCopy),
            ("<init>()V", I::EmptyString),
            ("<init>([C)V", I::StringOfChars),
            ("<init>([CII)V", I::StringOfChars),
            ("valueOf([CII)Ljava/lang/String;", I::StringOfChars),
            ("copyValueOf([CII)Ljava/lang/String;", I::StringOfChars),
            ("valueOf([C)Ljava/lang/String;", I::StringOfChars),
            ("copyValueOf([C)Ljava/lang/String;", I::StringOfChars),
            ("toCharArray()[C", I::StringToChars),
            ("getChars(II[CI)V", I::StringGetChars),
            ("<init>(Ljava/lang/StringBuilder;)V", I::StringOfBuilder),
            ("<init>(Ljava/lang/StringBuffer;)V", I::StringOfBuilder),
            (
                "substring(I)Ljava/lang/String;",
                I::StringMethod(StringMethod::Substring),
            ),
            (
                "substring(II)Ljava/lang/String;",
                I::StringMethod(StringMethod::Substring),
            ),
            // CharSequence.subSequence: String's is substring(begin, end).
            (
                "subSequence(II)Ljava/lang/CharSequence;",
                I::StringMethod(StringMethod::Substring),
            ),
            ("indexOf(I)I", I::StringMethod(StringMethod::IndexOf)),
            ("indexOf(II)I", I::StringMethod(StringMethod::IndexOf)),
            (
                "lastIndexOf(I)I",
                I::StringMethod(StringMethod::LastIndexOf),
            ),
            (
                "indexOf(Ljava/lang/String;)I",
                I::StringMethod(StringMethod::IndexOfString),
            ),
            (
                "indexOf(Ljava/lang/String;I)I",
                I::StringMethod(StringMethod::IndexOfString),
            ),
            (
                "contains(Ljava/lang/CharSequence;)Z",
                I::StringMethod(StringMethod::Contains),
            ),
            (
                "compareTo(Ljava/lang/String;)I",
                I::StringMethod(StringMethod::CompareTo),
            ),
            (
                "concat(Ljava/lang/String;)Ljava/lang/String;",
                I::StringEdit(StringEdit::Concat),
            ),
            ("trim()Ljava/lang/String;", I::StringEdit(StringEdit::Trim)),
            (
                "replace(CC)Ljava/lang/String;",
                I::StringEdit(StringEdit::ReplaceChar),
            ),
            (
                "toLowerCase()Ljava/lang/String;",
                I::StringEdit(StringEdit::Lower),
            ),
            (
                "toUpperCase()Ljava/lang/String;",
                I::StringEdit(StringEdit::Upper),
            ),
            (
                "equalsIgnoreCase(Ljava/lang/String;)Z",
                I::StringEdit(StringEdit::EqualsIgnoreCase),
            ),
            (
                "lastIndexOf(Ljava/lang/String;)I",
                I::StringMethod(StringMethod::LastIndexOfString),
            ),
            (
                "regionMatches(ILjava/lang/String;II)Z",
                I::StringMethod(StringMethod::RegionMatches),
            ),
            (
                "regionMatches(ZILjava/lang/String;II)Z",
                I::StringMethod(StringMethod::RegionMatches),
            ),
            (
                "toLowerCase(Ljava/util/Locale;)Ljava/lang/String;",
                I::StringEdit(StringEdit::Lower),
            ),
            (
                "toUpperCase(Ljava/util/Locale;)Ljava/lang/String;",
                I::StringEdit(StringEdit::Upper),
            ),
            (
                "codePointAt(I)I",
                I::StringMethod(StringMethod::CodePointAt),
            ),
            ("<init>([III)V", I::StringOfCodePoints),
            (
                "compareTo(Ljava/lang/Object;)I",
                I::StringMethod(StringMethod::CompareTo),
            ),
            (
                "startsWith(Ljava/lang/String;)Z",
                I::StringMethod(StringMethod::StartsWith),
            ),
            (
                "startsWith(Ljava/lang/String;I)Z",
                I::StringMethod(StringMethod::StartsWith),
            ),
            (
                "endsWith(Ljava/lang/String;)Z",
                I::StringMethod(StringMethod::EndsWith),
            ),
            ("hashCode()I", I::StringMethod(StringMethod::HashCode)),
            ("toString()Ljava/lang/String;", I::StringSelf),
            ("intern()Ljava/lang/String;", I::StringIntern),
            (
                "valueOf(I)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
            (
                "valueOf(J)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
            (
                "valueOf(C)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
            (
                "valueOf(Z)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
        ],
    ),
    (
        "java/lang/Character",
        &[
            ("digit(CI)I", I::CharacterDigit),
            ("digit(II)I", I::CharacterDigit),
            ("valueOf(C)Ljava/lang/Character;", I::Box),
            (
                "toString(C)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
        ],
    ),
    (
        "java/lang/Integer",
        &[
            ("valueOf(I)Ljava/lang/Integer;", I::Box),
            (
                "toHexString(I)Ljava/lang/String;",
                I::Number(NumberMethod::ToHex),
            ),
            (
                "toString(I)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
            (
                "parseInt(Ljava/lang/String;)I",
                I::Number(NumberMethod::ParseInt),
            ),
            (
                "parseInt(Ljava/lang/String;I)I",
                I::Number(NumberMethod::ParseInt),
            ),
            (
                "toString(II)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
        ],
    ),
    (
        "java/lang/Long",
        &[
            ("valueOf(J)Ljava/lang/Long;", I::Box),
            (
                "toHexString(J)Ljava/lang/String;",
                I::Number(NumberMethod::ToHex),
            ),
            (
                "toString(J)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
            (
                "parseLong(Ljava/lang/String;)J",
                I::Number(NumberMethod::ParseLong),
            ),
            (
                "parseLong(Ljava/lang/String;I)J",
                I::Number(NumberMethod::ParseLong),
            ),
            (
                "toString(JI)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
        ],
    ),
    (
        "java/lang/Short",
        &[("valueOf(S)Ljava/lang/Short;", I::Box)],
    ),
    ("java/lang/Byte", &[("valueOf(B)Ljava/lang/Byte;", I::Box)]),
    (
        "java/lang/Boolean",
        &[
            ("valueOf(Z)Ljava/lang/Boolean;", I::Box),
            (
                "toString(Z)Ljava/lang/String;",
                I::Number(NumberMethod::ToText),
            ),
        ],
    ),
    (
        "java/lang/Object",
        &[
            ("getClass()Ljava/lang/Class;", I::GetClass),
            ("hashCode()I", I::IdentityHash),
        ],
    ),
    (
        "java/lang/System",
        &[
            (
                "arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
                I::ArrayCopy,
            ),
            ("identityHashCode(Ljava/lang/Object;)I", I::IdentityHash),
        ],
    ),
    (
        "java/lang/reflect/Array",
        &[
            ("getLength(Ljava/lang/Object;)I", I::ArrayGetLength),
            (
                "newInstance(Ljava/lang/Class;I)Ljava/lang/Object;",
                I::NewArray,
            ),
            (
                "newArray(Ljava/lang/Class;I)Ljava/lang/Object;",
                I::NewArray,
            ),
        ],
    ),
    (
        "java/lang/Double",
        &[
            ("longBitsToDouble(J)D", I::Float(FloatMethod::FromBits)),
            ("doubleToRawLongBits(D)J", I::Float(FloatMethod::RawBits)),
            ("isNaN(D)Z", I::Float(FloatMethod::IsNaN)),
        ],
    ),
    (
        "java/lang/Float",
        &[
            ("intBitsToFloat(I)F", I::Float(FloatMethod::FromBits)),
            ("floatToRawIntBits(F)I", I::Float(FloatMethod::RawBits)),
            ("isNaN(F)Z", I::Float(FloatMethod::IsNaN)),
        ],
    ),
    (
        "java/lang/Math",
        &[
            ("sqrt(D)D", I::Math(MathFn::Sqrt)),
            ("cbrt(D)D", I::Math(MathFn::Cbrt)),
            ("pow(DD)D", I::Math(MathFn::Pow)),
            ("hypot(DD)D", I::Math(MathFn::Hypot)),
            ("random()D", I::Random(R::MathRandom)),
            ("floor(D)D", I::Float(FloatMethod::Fn(FpFn::Floor))),
            ("ceil(D)D", I::Float(FloatMethod::Fn(FpFn::Ceil))),
            ("rint(D)D", I::Float(FloatMethod::Fn(FpFn::Rint))),
        ],
    ),
    (
        "java/lang/StrictMath",
        &[
            ("sqrt(D)D", I::Math(MathFn::Sqrt)),
            ("cbrt(D)D", I::Math(MathFn::Cbrt)),
            ("pow(DD)D", I::Math(MathFn::Pow)),
            ("hypot(DD)D", I::Math(MathFn::Hypot)),
            ("floor(D)D", I::Float(FloatMethod::Fn(FpFn::Floor))),
            ("ceil(D)D", I::Float(FloatMethod::Fn(FpFn::Ceil))),
            ("rint(D)D", I::Float(FloatMethod::Fn(FpFn::Rint))),
        ],
    ),
    (
        "java/util/Random",
        &[
            ("<init>()V", I::Random(R::Init)),
            ("<init>(J)V", I::Random(R::Seeded)),
            ("nextInt()I", I::Random(R::NextInt)),
            ("nextInt(I)I", I::Random(R::NextIntBounded)),
            ("nextLong()J", I::Random(R::NextLong)),
            ("nextBoolean()Z", I::Random(R::NextBoolean)),
            ("nextDouble()D", I::Random(R::NextDouble)),
        ],
    ),
    (
        "java/util/regex/Pattern",
        &[
            (
                "compile(Ljava/lang/String;)Ljava/util/regex/Pattern;",
                I::Regex(RegexMethod::Compile),
            ),
            (
                "matcher(Ljava/lang/CharSequence;)Ljava/util/regex/Matcher;",
                I::Regex(RegexMethod::Matcher),
            ),
        ],
    ),
    (
        "java/util/regex/Matcher",
        &[
            ("find()Z", I::Regex(RegexMethod::Find)),
            ("start()I", I::Regex(RegexMethod::Start)),
            ("end()I", I::Regex(RegexMethod::End)),
        ],
    ),
    (
        "java/lang/Class",
        &[
            ("isArray()Z", I::Class(ClassMethod::IsArray)),
            (
                "isInstance(Ljava/lang/Object;)Z",
                I::Class(ClassMethod::IsInstance),
            ),
            (
                "isAssignableFrom(Ljava/lang/Class;)Z",
                I::Class(ClassMethod::IsAssignableFrom),
            ),
            ("isInterface()Z", I::Class(ClassMethod::IsInterface)),
            (
                "getName()Ljava/lang/String;",
                I::Class(ClassMethod::GetName),
            ),
        ],
    ),
];

/// Every intrinsic found by key: [`BY_CLASS`] and the families whose
/// overloads follow a pattern.
pub(super) fn table() -> &'static HashMap<String, I> {
    static TABLE: OnceLock<HashMap<String, I>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let listed = BY_CLASS.iter().flat_map(|(class, methods)| {
            methods
                .iter()
                .map(move |(method, i)| (format!("{class}.{method}"), *i))
        });
        listed
            .chain(arrays_keys())
            .chain(printing_keys())
            .chain(logging_keys())
            .chain(env_object_keys())
            .chain(character_keys())
            .collect()
    })
}

/// `Arrays.copyOf`, `copyOfRange`, `fill` of every element type, and
/// `equals` of the integral and `boolean` ones (float equality is by bits
/// with NaNs canonicalised, and `Object[]` equality calls `equals`: both
/// explored instead).
fn arrays_keys() -> Vec<(String, I)> {
    const OBJECT: &str = "Ljava/lang/Object;";
    let mut out = Vec::new();
    for e in ["I", "J", "S", "B", "C", "Z", "F", "D", OBJECT] {
        let a = format!("[{e}");
        let mut add = |method: String, m: ArraysMethod| {
            out.push((format!("java/util/Arrays.{method}"), I::Arrays(m)));
        };
        add(format!("copyOf({a}I){a}"), ArraysMethod::CopyOf);
        add(format!("copyOfRange({a}II){a}"), ArraysMethod::CopyOfRange);
        add(format!("fill({a}{e})V"), ArraysMethod::Fill);
        add(format!("fill({a}II{e})V"), ArraysMethod::FillRange);
        if !matches!(e, "F" | "D" | OBJECT) {
            add(format!("equals({a}{a})Z"), ArraysMethod::Equals);
        }
    }
    out
}

/// `PrintStream`'s `print`, `println`, `printf`, `format`, `append`,
/// `write` and `flush` ([`I::Print`]), and `String.format` ([`I::Format`]).
fn printing_keys() -> Vec<(String, I)> {
    const STREAM: &str = "java/io/PrintStream";
    let mut out = Vec::new();
    let mut print = |name: &str, desc: &str| {
        out.push((format!("{STREAM}.{name}{desc}"), I::Print));
    };
    for arg in printing::PRINTED {
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
        out.push((format!("java/lang/String.format{desc}"), I::Format));
    }
    out
}

/// `Logger`'s `info`, `log`, `logp`, … ([`I::Log`]).
fn logging_keys() -> Vec<(String, I)> {
    logging::methods()
        .into_iter()
        .map(|(name, desc)| (format!("java/util/logging/Logger.{name}{desc}"), I::Log))
        .collect()
}

/// `Instant.now()`, `LocalDate.now()`, `UUID.randomUUID()`
/// ([`I::EnvObject`]).
fn env_object_keys() -> Vec<(String, I)> {
    EnvObject::ALL
        .iter()
        .map(|&(e, class, name)| (format!("{class}.{name}()L{class};"), I::EnvObject(e)))
        .collect()
}

/// `Character.isDigit`, `toUpperCase`, … ([`CharacterMethod::ALL`]), of a
/// `char` and of a code point.
fn character_keys() -> Vec<(String, I)> {
    let mut out = Vec::new();
    for &(m, name) in CharacterMethod::ALL.iter() {
        for d in m.descriptors() {
            out.push((format!("java/lang/Character.{name}{d}"), I::Character(m)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_listed_once() {
        let listed = BY_CLASS.iter().map(|(_, m)| m.len()).sum::<usize>()
            + arrays_keys().len()
            + printing_keys().len()
            + logging_keys().len()
            + env_object_keys().len()
            + character_keys().len();
        assert_eq!(table().len(), listed);
        assert!(table().contains_key("java/io/PrintStream.println(Ljava/lang/String;)V"));
        assert!(table().contains_key("java/util/Arrays.equals([I[I)Z"));
        assert!(!table().contains_key("java/util/Arrays.equals([D[D)Z"));
    }
}
