//! The registry: what jaut does at a call the search does not explore, in
//! one place (haybale's `FunctionHooks`; contracts after "Contracts for
//! symbolic execution", `shared/papers/contracts-symbolic-execution.txt`).
//!
//! [`Registry::lookup`] names the [`Model`] of the method a call runs, with
//! one precedence:
//!
//! 1. a **user's contract** (`--contracts FILE`), which overrides anything
//!    jaut knows of the method;
//! 2. an **intrinsic**, a model in Rust of a JDK method that needs the
//!    memory model ([`Intrinsic`]): found by key in the table below, by
//!    class for `StringBuilder`'s and `StringBuffer`'s methods
//!    ([`BuilderMethod::of`]) and the JDK's exception constructors
//!    ([`super::natives`]), by call site for `new AssertionError(message)`;
//! 3. a **built-in contract** (`contracts/builtin.toml`).
//!
//! When `lookup` answers `None` the search goes on by itself (JAUT §V):
//! 4. it **explores the bytecode** of a method that has some (`String`'s
//!    methods read fields the string model does not have: a cut, with a
//!    reason), else
//! 5. the **result is free**, an input the verdict records as an
//!    assumption.
//!
//! Every key below is `pkg/Class.name(descriptor)` (JVMS §4.3.3).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::contracts::{Behaviour, Contracts, Origin};
use super::latin1::CharacterMethod;
use super::methods::{
    ArraysMethod, BuilderMethod, ClassMethod, FloatMethod, Intrinsic as I, NumberMethod,
    RegexMethod, StringEdit, StringMethod, BUILDER_CLASSES,
};
use super::natives;
use super::printing;
use crate::model::term::FpFn;

/// The method a call runs, as the registry names it.
#[derive(Debug, Clone, Copy)]
pub struct Callee<'a> {
    /// In JVM form: `java/lang/String`.
    pub class: &'a str,
    pub name: &'a str,
    pub descriptor: &'a str,
    pub is_static: bool,
}

/// What the registry needs to know of a call site, for the models that
/// depend on more than the method.
#[derive(Debug, Clone, Copy)]
pub struct CallSite {
    /// The verifier types the call's last argument as a `String` or null
    /// (`new AssertionError(message)`, [`natives::ASSERTION_ERROR`]).
    pub message_is_text: bool,
}

/// What a call does when the search does not explore it.
#[derive(Debug, Clone, PartialEq)]
pub enum Model {
    /// A user's contract: its behaviours.
    User(Vec<Behaviour>),
    /// A model in Rust.
    Intrinsic(I),
    /// A built-in contract: its behaviours.
    BuiltIn(Vec<Behaviour>),
}

impl Model {
    /// The behaviours of a contract; `None` for an intrinsic.
    pub fn behaviours(&self) -> Option<&[Behaviour]> {
        match self {
            Model::User(b) | Model::BuiltIn(b) => Some(b),
            Model::Intrinsic(_) => None,
        }
    }
}

/// The one lookup for every call the search may step over.
#[derive(Debug, Clone, Copy)]
pub struct Registry<'a> {
    contracts: &'a Contracts,
    /// A class of the program overrides `Throwable.fillInStackTrace`, which
    /// every JDK exception constructor calls: then none of them is quiet.
    program_overrides_fill_in: bool,
}

impl<'a> Registry<'a> {
    pub fn new(contracts: &'a Contracts, program_overrides_fill_in: bool) -> Registry<'a> {
        Registry {
            contracts,
            program_overrides_fill_in,
        }
    }

    /// The model of `callee`, by the precedence of the module's
    /// documentation. Without a `site`, models that depend on the call
    /// site (`new AssertionError(message)`) are not given.
    pub fn lookup(&self, callee: &Callee, site: Option<&CallSite>) -> Option<Model> {
        let key = format!("{}.{}{}", callee.class, callee.name, callee.descriptor);
        let contract = self.contracts.get(&key);
        if let Some((behaviours, Origin::User(_))) = contract {
            return Some(Model::User(behaviours.to_vec()));
        }
        if let Some(i) = self.intrinsic(callee, &key, site) {
            return Some(Model::Intrinsic(i));
        }
        contract.map(|(behaviours, _)| Model::BuiltIn(behaviours.to_vec()))
    }

    /// Whether the result of `callee` comes from the environment (a
    /// clock, a random generator, a user's nondeterministic input).
    pub fn is_environment(&self, callee: &Callee) -> bool {
        let key = format!("{}.{}{}", callee.class, callee.name, callee.descriptor);
        self.contracts.is_environment(&key)
    }

    fn intrinsic(&self, callee: &Callee, key: &str, site: Option<&CallSite>) -> Option<I> {
        if callee.name == "<init>" && !self.program_overrides_fill_in {
            let storing = natives::STORING.contains(&callee.descriptor);
            if storing && natives::QUIET_CONSTRUCTORS.contains(&callee.class) {
                return Some(I::ExceptionInit);
            }
            if callee.class == natives::ASSERTION_ERROR {
                return match site {
                    Some(_) if storing => Some(I::ExceptionInit),
                    Some(s) if callee.descriptor == natives::OF_OBJECT && s.message_is_text => {
                        Some(I::AssertionErrorOfText)
                    }
                    _ => None,
                };
            }
        }
        if let Some(&i) = table().get(key) {
            return Some(i);
        }
        if BUILDER_CLASSES.contains(&callee.class) {
            return BuilderMethod::of(callee.name, callee.descriptor, callee.is_static)
                .map(I::Builder);
        }
        None
    }
}

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
        &[("getLength(Ljava/lang/Object;)I", I::ArrayGetLength)],
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
            ("sqrt(D)D", I::Float(FloatMethod::Fn(FpFn::Sqrt))),
            ("floor(D)D", I::Float(FloatMethod::Fn(FpFn::Floor))),
            ("ceil(D)D", I::Float(FloatMethod::Fn(FpFn::Ceil))),
            ("rint(D)D", I::Float(FloatMethod::Fn(FpFn::Rint))),
        ],
    ),
    (
        "java/lang/StrictMath",
        &[
            ("sqrt(D)D", I::Float(FloatMethod::Fn(FpFn::Sqrt))),
            ("floor(D)D", I::Float(FloatMethod::Fn(FpFn::Floor))),
            ("ceil(D)D", I::Float(FloatMethod::Fn(FpFn::Ceil))),
            ("rint(D)D", I::Float(FloatMethod::Fn(FpFn::Rint))),
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
fn table() -> &'static HashMap<String, I> {
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

/// `Character.isDigit`, `toUpperCase`, … ([`CharacterMethod::ALL`]), of a
/// `char` and of a code point.
fn character_keys() -> Vec<(String, I)> {
    let mut out = Vec::new();
    for &(m, name) in CharacterMethod::ALL.iter() {
        let descriptors = if name.starts_with("to") {
            ["(C)C", "(I)I"]
        } else {
            ["(C)Z", "(I)Z"]
        };
        for d in descriptors {
            out.push((format!("java/lang/Character.{name}{d}"), I::Character(m)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callee<'a>(class: &'a str, name: &'a str, descriptor: &'a str) -> Callee<'a> {
        Callee {
            class,
            name,
            descriptor,
            is_static: false,
        }
    }

    #[test]
    fn every_key_is_listed_once() {
        let listed = BY_CLASS.iter().map(|(_, m)| m.len()).sum::<usize>()
            + arrays_keys().len()
            + printing_keys().len()
            + character_keys().len();
        assert_eq!(table().len(), listed);
        assert!(table().contains_key("java/io/PrintStream.println(Ljava/lang/String;)V"));
        assert!(table().contains_key("java/util/Arrays.equals([I[I)Z"));
        assert!(!table().contains_key("java/util/Arrays.equals([D[D)Z"));
    }

    #[test]
    fn the_precedence_is_user_intrinsic_builtin() {
        let mut contracts = Contracts::builtin();
        let r = Registry::new(&contracts, false);
        let length = callee("java/lang/String", "length", "()I");
        assert_eq!(
            r.lookup(&length, None),
            Some(Model::Intrinsic(I::StringLength))
        );
        let abs = callee("java/lang/Math", "abs", "(I)I");
        assert!(matches!(r.lookup(&abs, None), Some(Model::BuiltIn(_))));
        assert_eq!(
            r.lookup(&callee("java/lang/Object", "hashCode", "()I"), None),
            Some(Model::Intrinsic(I::IdentityHash))
        );
        let append = callee(
            "java/lang/StringBuilder",
            "append",
            "(I)Ljava/lang/StringBuilder;",
        );
        assert!(matches!(
            r.lookup(&append, None),
            Some(Model::Intrinsic(I::Builder(_)))
        ));
        assert_eq!(r.lookup(&callee("p/C", "m", "()V"), None), None);
        contracts
            .add_toml(
                "[[contract]]\nmethod = \"java.lang.String.length()I\"\n\
                 behaviour = [ { post = \"result == 3\" } ]",
                "user.toml",
            )
            .unwrap();
        let r = Registry::new(&contracts, false);
        assert!(matches!(r.lookup(&length, None), Some(Model::User(_))));
    }

    #[test]
    fn exception_constructors_are_quiet_unless_fill_in_is_overridden() {
        let contracts = Contracts::builtin();
        let init = callee(
            "java/lang/IllegalStateException",
            "<init>",
            "(Ljava/lang/String;)V",
        );
        let quiet = Registry::new(&contracts, false);
        assert_eq!(
            quiet.lookup(&init, None),
            Some(Model::Intrinsic(I::ExceptionInit))
        );
        assert_eq!(Registry::new(&contracts, true).lookup(&init, None), None);
        let assertion = callee(natives::ASSERTION_ERROR, "<init>", natives::OF_OBJECT);
        assert_eq!(quiet.lookup(&assertion, None), None);
        let text = CallSite {
            message_is_text: true,
        };
        assert_eq!(
            quiet.lookup(&assertion, Some(&text)),
            Some(Model::Intrinsic(I::AssertionErrorOfText))
        );
    }
}
