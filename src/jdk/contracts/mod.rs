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
//! are in `builtin.toml` beside this file. A behaviour may also name the
//! fields it writes (`modifies`) and the exception it raises (`throws`).
//! Methods that need the memory model (strings, boxing, `getClass`,
//! identity hashes) are intrinsics instead ([`crate::jdk::methods`]); the
//! registry ([`crate::jdk::registry`]) decides which of the two a call gets.

mod expr;

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

pub use expr::{BinOp, Expr, ExprError, Tok, UnOp};

use crate::classfile::descriptor::MethodDescriptor;

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

/// Where a contract comes from; the registry ([`crate::jdk::registry`])
/// puts a user's contract before an intrinsic, and an intrinsic before a
/// built-in contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// `builtin.toml`, beside this file.
    BuiltIn,
    /// A user's file (`--contracts FILE`), by its name.
    User(String),
}

/// The contracts in force, by method key `pkg/C.name(descriptor)`.
#[derive(Debug, Clone)]
pub struct Contracts {
    by_key: HashMap<String, (Vec<Behaviour>, Origin)>,
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

impl Default for Contracts {
    fn default() -> Self {
        Contracts::builtin()
    }
}

impl Contracts {
    /// The built-in contracts (`builtin.toml`).
    pub fn builtin() -> Contracts {
        let mut c = Contracts {
            by_key: HashMap::new(),
            environment: std::collections::HashSet::new(),
        };
        c.add(BUILTIN, Origin::BuiltIn)
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

    /// Adds (or overrides) the contracts of TOML text written by a user
    /// (`file` names it in errors).
    pub fn add_toml(&mut self, text: &str, file: &str) -> Result<(), ContractError> {
        self.add(text, Origin::User(file.to_string()))
    }

    fn add(&mut self, text: &str, origin: Origin) -> Result<(), ContractError> {
        let file = match &origin {
            Origin::BuiltIn => "built-in",
            Origin::User(file) => file.as_str(),
        };
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
            self.by_key.insert(key, (behaviours, origin.clone()));
        }
        Ok(())
    }

    /// The contract of a method, by key `pkg/C.name(descriptor)`: its
    /// behaviours and where they come from.
    pub fn get(&self, key: &str) -> Option<(&[Behaviour], &Origin)> {
        self.by_key.get(key).map(|(b, o)| (b.as_slice(), o))
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
            "java/lang/Integer.intValue()I",
        ] {
            assert!(matches!(c.get(key), Some((_, Origin::BuiltIn))), "{key}");
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
        let Some((b, Origin::User(file))) = c.get("java/lang/Math.abs(I)I") else {
            panic!("a user's contract")
        };
        assert_eq!((b.len(), file.as_str()), (1, "user.toml"));
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
