//! Contracts for calls the search does not explore: native methods, JDK
//! methods whose bytecode would drag the search through internals, and any
//! method a user describes (after "Contracts for symbolic execution",
//! `shared/papers/contracts-symbolic-execution.txt`).
//!
//! A contract is a list of behaviours; each is a pre-condition on the
//! receiver and arguments and a post-condition relating the result to them.
//! Stepping back over a call with a contract is a choice over its
//! behaviours: the path goes on under `pre && post`. Contracts are written
//! in TOML (format in the README, section "Contracts"); the built-in ones
//! are in `builtin.toml` beside this file, and a few that need the memory
//! model (strings, boxing, `getClass`, identity hashes) are [`Intrinsic`]s.
//!
//! Contracts never modify fields: a method whose effect on the heap matters
//! must be explored from its bytecode.

pub mod characters;
mod expr;
pub mod printing;

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

pub use expr::{BinOp, Expr, ExprError, Tok, UnOp};

use crate::classfile::descriptor::MethodDescriptor;
use crate::search::{StringEdit, StringMethod};

/// One behaviour: when `pre` holds, `post` does after the call.
#[derive(Debug, Clone, PartialEq)]
pub struct Behaviour {
    pub pre: Vec<Expr>,
    pub post: Vec<Expr>,
    /// Fields the call writes (`this.size`, `arg0.count`): after the call
    /// each holds a value only `post` constrains (`old(this.size)` is the
    /// value before).
    pub modifies: Vec<Modified>,
    /// The exception class (JVM form, `java/lang/IllegalStateException`)
    /// the call raises under `pre`, instead of returning.
    pub throws: Option<String>,
}

/// A field a behaviour writes: of the receiver or of a parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct Modified {
    /// `Expr::This` or `Expr::Arg(k)`.
    pub object: Expr,
    pub field: String,
}

/// Calls modelled in Rust, because they need the memory model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intrinsic {
    /// `String.length()`: the string's length.
    StringLength,
    /// `String.charAt(int)`: a character, on the normal path in bounds.
    StringCharAt,
    /// `String.isEmpty()`.
    StringIsEmpty,
    /// `String.equals(Object)`: same length and characters.
    StringEquals,
    /// `Integer.valueOf(int)`, `Long.valueOf(long)`, ...: an object whose
    /// `value` field is the argument, the JDK's cached one for small values.
    Box,
    /// `Object.getClass()`: one `Class` object per class.
    GetClass,
    /// `Class.isArray()`, `isInstance`, `isAssignableFrom`, `isInterface`,
    /// `getName` (src/search/class_objects.rs).
    Class(crate::search::ClassMethod),
    /// `System.arraycopy`: elements copied between arrays of one type.
    ArrayCopy,
    /// The constructor of a JDK exception class that stores its message
    /// and cause and fills in the stack trace, nothing more
    /// (`src/search/natives.rs` lists them): `detailMessage` and `cause`
    /// are written, the stack-trace fields get unknown values, and nothing
    /// is raised. Not in the table by key: the search applies it.
    ExceptionInit,
    /// `new AssertionError(message)` with a message the verifier types as
    /// a `String` (`src/search/assertion_errors.rs`): like
    /// [`Intrinsic::ExceptionInit`], with `"null"` stored for a null
    /// message. Not in the table by key: the search applies it where the
    /// call's argument is a string.
    AssertionErrorOfText,
    /// `Object.hashCode()`, `System.identityHashCode(Object)`: the
    /// object's identity hash, any int the JVM picks but one per object, the
    /// same at every call (0 for `identityHashCode(null)`).
    IdentityHash,
    /// `java.lang.reflect.Array.getLength(Object)`: the length of the
    /// array, on the normal path (a non-null array; else
    /// NullPointerException or IllegalArgumentException).
    ArrayGetLength,
    /// `new String(String)`: the new string has the argument's characters.
    StringCopy,
    /// `new String()`: the empty string.
    EmptyString,
    /// `new String(char[])`, `String.valueOf(char[])`, `copyValueOf`: a
    /// string of the array's elements as they are at the call.
    StringOfChars,
    /// `String.toCharArray()`: a new `char[]` of the string's characters.
    StringToChars,
    /// `String.toString()`: the string itself.
    StringSelf,
    /// `String.intern()`: a string with the same characters (the canonical
    /// one, which may or may not be the receiver).
    StringIntern,
    /// `substring`, `indexOf(int)`, `lastIndexOf(int)`, `startsWith`,
    /// `endsWith`, `hashCode` of `String` (src/search/string_methods.rs).
    StringMethod(crate::search::StringMethod),
    /// `Character.isDigit`, `isLetter`, `toUpperCase`, `getType`, ...
    /// (`characters.rs`): exact on every code point, from the JVM's tables.
    Character(characters::CharacterMethod),
    /// `Character.digit(char, int)`, `digit(int, int)`: exact, from the
    /// JVM's tables.
    CharacterDigit,
    /// `PrintStream.print`, `println`, `printf`, ... (`printing.rs`): no
    /// effect the program can read back; `printf`, `format` and `append`
    /// return the stream.
    Print,
    /// `String.format`: a new string whose contents are not modelled (an
    /// assumption, so no proof rests on them).
    Format,
    /// A method of `StringBuilder`, `StringBuffer` or
    /// `AbstractStringBuilder` (src/search/builders.rs). Not in the table
    /// by key: [`crate::search::BuilderMethod::of`] picks it.
    Builder(crate::search::BuilderMethod),
    /// `new String(int[] codePoints, int offset, int count)`: exact for
    /// code points of the Basic Multilingual Plane.
    StringOfCodePoints,
    /// `new String(StringBuilder)`, `new String(StringBuffer)`: the
    /// builder's contents.
    StringOfBuilder,
    /// `concat`, `trim`, `replace(char, char)`, `toLowerCase()`,
    /// `toUpperCase()`, `equalsIgnoreCase` (src/search/string_edits.rs).
    StringEdit(crate::search::StringEdit),
    /// `Integer.parseInt`, `Integer.toString`, `String.valueOf(int)`, ...
    /// (src/search/numbers.rs).
    Number(crate::search::NumberMethod),
    /// `Math.sqrt`, `Double.longBitsToDouble`, ... (src/search/float_rules.rs).
    Float(crate::search::FloatMethod),
    /// `Arrays.copyOf`, `copyOfRange`, `fill`, `equals`
    /// (src/search/arrays_methods.rs).
    Arrays(crate::search::ArraysMethod),
    /// `Pattern.compile(String)`, `Pattern.matcher`, `Matcher.find()`,
    /// `start()`, `end()`: exact for literal regexes, with an assumption
    /// (src/search/regex.rs).
    Regex(crate::search::RegexMethod),
}

/// What the search knows of a method without exploring it.
#[derive(Debug, Clone, PartialEq)]
pub enum Contract {
    Behaviours(Vec<Behaviour>),
    Intrinsic(Intrinsic),
}

/// The contracts in force, by method key `pkg/C.name(descriptor)`.
#[derive(Debug, Clone)]
pub struct Contracts {
    by_key: HashMap<String, (Contract, String)>,
    /// Keys of the methods whose results come from the environment (a
    /// clock, a random generator, a user's nondeterministic input): each
    /// call's value is an input recorded per call site and occurrence.
    environment: std::collections::HashSet<String>,
}

/// A contract file that does not parse. `file` names it (a path, or
/// `built-in`); `method` is the entry's `method` as written.
#[derive(Debug, thiserror::Error)]
pub enum ContractError {
    #[error("{file}: {}", .source.message())]
    Toml {
        file: String,
        #[source]
        source: toml::de::Error,
    },
    #[error("{file}: method `{method}` is not `pkg.Class.name(descriptor)`")]
    MethodSpec { file: String, method: String },
    #[error("{file}: bad descriptor in `{method}`")]
    Descriptor { file: String, method: String },
    /// A `pre` or `post` expression that does not parse.
    #[error("{file}: {method}: `{expr}`: {source}")]
    Expr {
        file: String,
        method: String,
        expr: String,
        #[source]
        source: ExprError,
    },
    /// A `pre` or `post` expression that names what the method lacks.
    #[error("{file}: {method}: `{expr}`: {source}")]
    Name {
        file: String,
        method: String,
        expr: String,
        #[source]
        source: NameError,
    },
    /// A `modifies` entry that is not `this.f` or `argN.f` of a parameter
    /// the method has.
    #[error(
        "{file}: {method}: modifies `{field}`: not `this.FIELD` or `argN.FIELD` of a parameter"
    )]
    Modifies {
        file: String,
        method: String,
        field: String,
    },
    /// A `throws` that is not a class name.
    #[error(
        "{file}: {method}: throws `{class}`: not a class name (`java.lang.IllegalStateException`)"
    )]
    Throws {
        file: String,
        method: String,
        class: String,
    },
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
}

/// A name in a contract's expression that the method does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("arg{index}: the method has {params} parameters")]
    NoSuchParameter { index: usize, params: usize },
    #[error("`result` of a void method")]
    ResultOfVoid,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    contract: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// `java.lang.Math.abs(I)I`: class in Java form, name, JVM descriptor.
    method: String,
    #[serde(default)]
    behaviour: Vec<RawBehaviour>,
    /// The result is an input from the environment. Default: true when
    /// no behaviour is listed ("any value"), else false.
    #[serde(default)]
    environment: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBehaviour {
    #[serde(default)]
    pre: Option<String>,
    #[serde(default)]
    post: Option<String>,
    /// `["this.size", "arg0.count"]`.
    #[serde(default)]
    modifies: Vec<String>,
    /// `"java.lang.IllegalStateException"`.
    #[serde(default)]
    throws: Option<String>,
}

const BUILTIN: &str = include_str!("builtin.toml");

const INTRINSICS: &[(&str, Intrinsic)] = &[
    ("java/lang/String.length()I", Intrinsic::StringLength),
    ("java/lang/String.charAt(I)C", Intrinsic::StringCharAt),
    ("java/lang/String.isEmpty()Z", Intrinsic::StringIsEmpty),
    (
        "java/lang/String.equals(Ljava/lang/Object;)Z",
        Intrinsic::StringEquals,
    ),
    (
        "java/lang/String.<init>(Ljava/lang/String;)V",
        Intrinsic::StringCopy,
    ),
    ("java/lang/String.<init>()V", Intrinsic::EmptyString),
    ("java/lang/String.<init>([C)V", Intrinsic::StringOfChars),
    ("java/lang/String.<init>([CII)V", Intrinsic::StringOfChars),
    (
        "java/lang/String.valueOf([CII)Ljava/lang/String;",
        Intrinsic::StringOfChars,
    ),
    (
        "java/lang/String.copyValueOf([CII)Ljava/lang/String;",
        Intrinsic::StringOfChars,
    ),
    (
        "java/lang/String.valueOf([C)Ljava/lang/String;",
        Intrinsic::StringOfChars,
    ),
    (
        "java/lang/String.copyValueOf([C)Ljava/lang/String;",
        Intrinsic::StringOfChars,
    ),
    ("java/lang/String.toCharArray()[C", Intrinsic::StringToChars),
    (
        "java/lang/String.<init>(Ljava/lang/StringBuilder;)V",
        Intrinsic::StringOfBuilder,
    ),
    (
        "java/lang/String.<init>(Ljava/lang/StringBuffer;)V",
        Intrinsic::StringOfBuilder,
    ),
    (
        "java/lang/String.substring(I)Ljava/lang/String;",
        Intrinsic::StringMethod(StringMethod::Substring),
    ),
    (
        "java/lang/String.substring(II)Ljava/lang/String;",
        Intrinsic::StringMethod(StringMethod::Substring),
    ),
    (
        "java/lang/String.indexOf(I)I",
        Intrinsic::StringMethod(StringMethod::IndexOf),
    ),
    (
        "java/lang/String.indexOf(II)I",
        Intrinsic::StringMethod(StringMethod::IndexOf),
    ),
    (
        "java/lang/String.lastIndexOf(I)I",
        Intrinsic::StringMethod(StringMethod::LastIndexOf),
    ),
    (
        "java/lang/String.indexOf(Ljava/lang/String;)I",
        Intrinsic::StringMethod(StringMethod::IndexOfString),
    ),
    (
        "java/lang/String.indexOf(Ljava/lang/String;I)I",
        Intrinsic::StringMethod(StringMethod::IndexOfString),
    ),
    (
        "java/lang/String.contains(Ljava/lang/CharSequence;)Z",
        Intrinsic::StringMethod(StringMethod::Contains),
    ),
    (
        "java/lang/String.compareTo(Ljava/lang/String;)I",
        Intrinsic::StringMethod(StringMethod::CompareTo),
    ),
    (
        "java/lang/String.concat(Ljava/lang/String;)Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Concat),
    ),
    (
        "java/lang/String.trim()Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Trim),
    ),
    (
        "java/lang/String.replace(CC)Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::ReplaceChar),
    ),
    (
        "java/lang/String.toLowerCase()Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Lower),
    ),
    (
        "java/lang/String.toUpperCase()Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Upper),
    ),
    (
        "java/lang/String.equalsIgnoreCase(Ljava/lang/String;)Z",
        Intrinsic::StringEdit(StringEdit::EqualsIgnoreCase),
    ),
    ("java/lang/Character.digit(CI)I", Intrinsic::CharacterDigit),
    ("java/lang/Character.digit(II)I", Intrinsic::CharacterDigit),
    (
        "java/lang/String.lastIndexOf(Ljava/lang/String;)I",
        Intrinsic::StringMethod(StringMethod::LastIndexOfString),
    ),
    (
        "java/lang/String.regionMatches(ILjava/lang/String;II)Z",
        Intrinsic::StringMethod(StringMethod::RegionMatches),
    ),
    (
        "java/lang/String.regionMatches(ZILjava/lang/String;II)Z",
        Intrinsic::StringMethod(StringMethod::RegionMatches),
    ),
    (
        "java/lang/String.toLowerCase(Ljava/util/Locale;)Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Lower),
    ),
    (
        "java/lang/String.toUpperCase(Ljava/util/Locale;)Ljava/lang/String;",
        Intrinsic::StringEdit(StringEdit::Upper),
    ),
    (
        "java/lang/String.codePointAt(I)I",
        Intrinsic::StringMethod(StringMethod::CodePointAt),
    ),
    (
        "java/lang/String.<init>([III)V",
        Intrinsic::StringOfCodePoints,
    ),
    (
        "java/lang/String.compareTo(Ljava/lang/Object;)I",
        Intrinsic::StringMethod(StringMethod::CompareTo),
    ),
    (
        "java/lang/String.startsWith(Ljava/lang/String;)Z",
        Intrinsic::StringMethod(StringMethod::StartsWith),
    ),
    (
        "java/lang/String.endsWith(Ljava/lang/String;)Z",
        Intrinsic::StringMethod(StringMethod::EndsWith),
    ),
    (
        "java/lang/String.hashCode()I",
        Intrinsic::StringMethod(StringMethod::HashCode),
    ),
    (
        "java/lang/String.toString()Ljava/lang/String;",
        Intrinsic::StringSelf,
    ),
    (
        "java/lang/String.intern()Ljava/lang/String;",
        Intrinsic::StringIntern,
    ),
    (
        "java/lang/Integer.valueOf(I)Ljava/lang/Integer;",
        Intrinsic::Box,
    ),
    ("java/lang/Long.valueOf(J)Ljava/lang/Long;", Intrinsic::Box),
    (
        "java/lang/Short.valueOf(S)Ljava/lang/Short;",
        Intrinsic::Box,
    ),
    ("java/lang/Byte.valueOf(B)Ljava/lang/Byte;", Intrinsic::Box),
    (
        "java/lang/Character.valueOf(C)Ljava/lang/Character;",
        Intrinsic::Box,
    ),
    (
        "java/lang/Boolean.valueOf(Z)Ljava/lang/Boolean;",
        Intrinsic::Box,
    ),
    (
        "java/lang/Object.getClass()Ljava/lang/Class;",
        Intrinsic::GetClass,
    ),
    (
        "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
        Intrinsic::ArrayCopy,
    ),
    ("java/lang/Object.hashCode()I", Intrinsic::IdentityHash),
    (
        "java/lang/reflect/Array.getLength(Ljava/lang/Object;)I",
        Intrinsic::ArrayGetLength,
    ),
    (
        "java/lang/System.identityHashCode(Ljava/lang/Object;)I",
        Intrinsic::IdentityHash,
    ),
];

impl Default for Contracts {
    fn default() -> Self {
        Contracts::builtin()
    }
}

impl Contracts {
    /// The built-in contracts.
    pub fn builtin() -> Contracts {
        let mut c = Contracts {
            by_key: HashMap::new(),
            environment: std::collections::HashSet::new(),
        };
        let printing = printing::intrinsics();
        let character_methods = characters::CharacterMethod::ALL
            .iter()
            .flat_map(|&(m, name)| {
                m.descriptors().iter().map(move |d| {
                    (
                        format!("java/lang/Character.{name}{d}"),
                        Intrinsic::Character(m),
                    )
                })
            });
        let numbers = crate::search::NumberMethod::KEYS
            .iter()
            .map(|(k, m)| (k.to_string(), Intrinsic::Number(*m)));
        let floats = crate::search::FloatMethod::KEYS
            .iter()
            .map(|(k, m)| (k.to_string(), Intrinsic::Float(*m)));
        let arrays = crate::search::ArraysMethod::keys()
            .into_iter()
            .map(|(k, m)| (k, Intrinsic::Arrays(m)));
        let regexes = crate::search::RegexMethod::KEYS
            .iter()
            .map(|(k, m)| (k.to_string(), Intrinsic::Regex(*m)));
        let classes = crate::search::ClassMethod::KEYS
            .iter()
            .map(|(k, m)| (k.to_string(), Intrinsic::Class(*m)));
        let all = INTRINSICS
            .iter()
            .map(|(k, i)| (k.to_string(), *i))
            .chain(classes)
            .chain(numbers)
            .chain(floats)
            .chain(arrays)
            .chain(regexes)
            .chain(printing)
            .chain(character_methods);
        for (key, i) in all {
            c.by_key
                .insert(key, (Contract::Intrinsic(i), "built-in".into()));
        }
        c.add_toml(BUILTIN, "built-in")
            .expect("the built-in contracts parse");
        c
    }

    /// Adds (or overrides) the contracts of a TOML file.
    pub fn add_file(&mut self, path: &Path) -> Result<(), ContractError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ContractError::Io {
            file: file.clone(),
            source,
        })?;
        self.add_toml(&text, &file)
    }

    /// Adds (or overrides) the contracts of TOML text.
    pub fn add_toml(&mut self, text: &str, file: &str) -> Result<(), ContractError> {
        let parsed: File = toml::from_str(text).map_err(|source| ContractError::Toml {
            file: file.to_string(),
            source,
        })?;
        for entry in parsed.contract {
            let key = method_key(&entry.method).ok_or_else(|| ContractError::MethodSpec {
                file: file.to_string(),
                method: entry.method.clone(),
            })?;
            let desc =
                MethodDescriptor::parse(&key[key.find('(').unwrap_or(0)..]).ok_or_else(|| {
                    ContractError::Descriptor {
                        file: file.to_string(),
                        method: entry.method.clone(),
                    }
                })?;
            let names = Names {
                params: desc.params.len(),
                has_result: desc.ret != crate::classfile::JType::Void,
            };
            let environment = entry.environment.unwrap_or(entry.behaviour.is_empty());
            if environment && names.has_result {
                self.environment.insert(key.clone());
            } else {
                self.environment.remove(&key);
            }
            let mut behaviours = Vec::new();
            for b in entry.behaviour {
                let parse = |s: &Option<String>| -> Result<Vec<Expr>, ContractError> {
                    match s {
                        None => Ok(Vec::new()),
                        Some(s) => {
                            let e = expr::parse(s).map_err(|source| ContractError::Expr {
                                file: file.to_string(),
                                method: entry.method.clone(),
                                expr: s.clone(),
                                source,
                            })?;
                            names.check(&e).map_err(|source| ContractError::Name {
                                file: file.to_string(),
                                method: entry.method.clone(),
                                expr: s.clone(),
                                source,
                            })?;
                            Ok(vec![e])
                        }
                    }
                };
                let mut modifies = Vec::new();
                for m in &b.modifies {
                    let modified =
                        parse_modified(m, &names).ok_or_else(|| ContractError::Modifies {
                            file: file.to_string(),
                            method: entry.method.clone(),
                            field: m.clone(),
                        })?;
                    modifies.push(modified);
                }
                let throws = match &b.throws {
                    Some(t) if is_class_name(t) => Some(t.replace('.', "/")),
                    Some(t) => {
                        return Err(ContractError::Throws {
                            file: file.to_string(),
                            method: entry.method.clone(),
                            class: t.clone(),
                        })
                    }
                    None => None,
                };
                behaviours.push(Behaviour {
                    pre: parse(&b.pre)?,
                    post: parse(&b.post)?,
                    modifies,
                    throws,
                });
            }
            if behaviours.is_empty() {
                // No behaviour listed: the call returns any value.
                behaviours.push(Behaviour {
                    pre: Vec::new(),
                    post: Vec::new(),
                    modifies: Vec::new(),
                    throws: None,
                });
            }
            self.by_key
                .insert(key, (Contract::Behaviours(behaviours), file.to_string()));
        }
        Ok(())
    }

    /// The contract of a method, by key `pkg/C.name(descriptor)`.
    pub fn get(&self, key: &str) -> Option<&Contract> {
        self.by_key.get(key).map(|(c, _)| c)
    }

    /// Whether the result of the method (key `pkg/C.name(descriptor)`)
    /// comes from the environment.
    pub fn is_environment(&self, key: &str) -> bool {
        self.environment.contains(key)
    }

    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}

/// `java.lang.Math.abs(I)I` → `java/lang/Math.abs(I)I`.
fn method_key(spec: &str) -> Option<String> {
    let open = spec.find('(')?;
    let (path, desc) = spec.split_at(open);
    let dot = path.rfind('.')?;
    let (class, name) = (&path[..dot], &path[dot + 1..]);
    if class.is_empty() || name.is_empty() {
        return None;
    }
    Some(format!("{}.{name}{desc}", class.replace('.', "/")))
}

/// The names a contract's expressions may use.
struct Names {
    params: usize,
    has_result: bool,
}

/// `this.f` or `argN.f` (N a parameter of the method).
fn parse_modified(text: &str, names: &Names) -> Option<Modified> {
    match expr::parse(text).ok()? {
        Expr::Field(object, field) if matches!(*object, Expr::This | Expr::Arg(_)) => {
            names.check(&object).ok()?;
            Some(Modified {
                object: *object,
                field,
            })
        }
        _ => None,
    }
}

/// A class name in Java form: dot-separated identifiers (`$` allowed).
fn is_class_name(text: &str) -> bool {
    !text.is_empty()
        && text.split('.').all(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
                && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        })
}

impl Names {
    fn check(&self, e: &Expr) -> Result<(), NameError> {
        match e {
            Expr::Arg(i) if *i >= self.params => Err(NameError::NoSuchParameter {
                index: *i,
                params: self.params,
            }),
            Expr::Result if !self.has_result => Err(NameError::ResultOfVoid),
            Expr::Unary(_, a) | Expr::Field(a, _) | Expr::Old(a) => self.check(a),
            Expr::Binary(_, a, b) => {
                self.check(a)?;
                self.check(b)
            }
            Expr::Cond(c, a, b) => {
                self.check(c)?;
                self.check(a)?;
                self.check(b)
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_parse_and_cover_the_common_natives() {
        let c = Contracts::builtin();
        for key in [
            "java/lang/Math.abs(I)I",
            "java/lang/Math.max(II)I",
            "java/lang/Math.min(JJ)J",
            "java/lang/Object.hashCode()I",
            "java/lang/System.identityHashCode(Ljava/lang/Object;)I",
            "java/lang/Integer.intValue()I",
            "java/lang/String.length()I",
            "java/lang/Object.getClass()Ljava/lang/Class;",
            "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
        ] {
            assert!(c.get(key).is_some(), "{key}");
        }
    }

    #[test]
    fn identity_hashes_are_an_intrinsic_not_any_int_per_call() {
        let c = Contracts::builtin();
        for key in [
            "java/lang/Object.hashCode()I",
            "java/lang/System.identityHashCode(Ljava/lang/Object;)I",
        ] {
            assert_eq!(
                c.get(key),
                Some(&Contract::Intrinsic(Intrinsic::IdentityHash)),
                "{key}"
            );
        }
    }

    #[test]
    fn user_contracts_override_and_report_errors() {
        let mut c = Contracts::builtin();
        c.add_toml(
            r#"
            [[contract]]
            method = "java.lang.Math.abs(I)I"
            behaviour = [ { post = "result == 7" } ]
            "#,
            "user.toml",
        )
        .unwrap();
        let Some(Contract::Behaviours(b)) = c.get("java/lang/Math.abs(I)I") else {
            panic!("a contract")
        };
        assert_eq!(b.len(), 1);
        let err = c
            .add_toml(
                "[[contract]]\nmethod = \"p.C.m(I)I\"\nbehaviour = [ { post = \"arg3 == 1\" } ]",
                "bad.toml",
            )
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad.toml: p.C.m(I)I: `arg3 == 1`: arg3: the method has 1 parameters"
        );
        assert!(c
            .add_toml("[[contract]]\nmethod = \"nodescriptor\"", "bad.toml")
            .is_err());
    }
}
