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
//!    memory model ([`super::methods::Intrinsic`]): found by key in the table of [`super::keys`], by
//!    class for `StringBuilder`'s and `StringBuffer`'s methods
//!    ([`BuilderMethod::of`]), for `ArrayList`'s and its iterator's
//!    ([`super::collections::lists::ListMethod::of`]), `HashMap`'s and `HashSet`'s
//!    ([`super::collections::keyed::KeyedMethod::of`]) and the JDK's exception constructors
//!    ([`super::natives`]), by call site for `new AssertionError(message)`;
//! 3. a **built-in contract** (`contracts/builtin.toml`).
//!
//! Two intrinsics name no method the class path resolves, and the search
//! steps over them where they stand: an array's `clone()`
//! ([`Registry::array_method`]) and javac's string concatenation
//! ([`Registry::dynamic`]).
//!
//! When `lookup` answers `None` the search goes on by itself (JAUT §V):
//! 4. it **explores the bytecode** of a method that has some (`String`'s
//!    methods read fields the string model does not have: a cut, with a
//!    reason), else
//! 5. the **result is free**, an input the verdict records as an
//!    assumption.
//!
//! Every key is `pkg/Class.name(descriptor)` (JVMS §4.3.3); the intrinsics
//! found by key are in one table, [`super::keys`].

use super::contracts::{Behaviour, Contracts, Origin};
use super::keys::table;
use super::methods::{BuilderMethod, Intrinsic as I, BUILDER_CLASSES};
use super::natives;
use crate::classfile::bytecode::MethodRef;
use crate::classfile::JType;

/// The method a call runs, as the registry names it.
#[derive(Debug, Clone, Copy)]
pub struct Callee<'a> {
    /// In JVM form: `java/lang/String`.
    pub class: &'a str,
    pub name: &'a str,
    pub descriptor: &'a str,
    pub is_static: bool,
}

impl<'a> Callee<'a> {
    /// The method a method reference names.
    pub fn of(r: &'a MethodRef, is_static: bool) -> Callee<'a> {
        Callee {
            class: &r.class,
            name: &r.name,
            descriptor: &r.descriptor,
            is_static,
        }
    }
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

    /// The intrinsic of a call that names no method to resolve: `clone()`
    /// of an array type (JLS §10.7), which the search steps over where it
    /// stands. No contract applies to it.
    pub fn array_method(callee: &Callee) -> Option<I> {
        (callee.class.starts_with('[')
            && callee.name == "clone"
            && callee.descriptor == "()Ljava/lang/Object;")
            .then_some(I::ArrayClone)
    }

    /// The intrinsic of an `invokedynamic` call site named `name` that
    /// returns `returns`: javac's string concatenation (JLS §15.18.1).
    /// Lambdas are objects of a class the class path spins
    /// (`crate::classpath::lambda`), not calls.
    pub fn dynamic(name: &str, returns: &JType) -> Option<I> {
        let string = matches!(returns, JType::Object(c) if c == "java/lang/String");
        (string && matches!(name, "makeConcatWithConstants" | "makeConcat"))
            .then_some(I::StringConcat)
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
        if let Some(i) = Registry::array_method(callee) {
            return Some(i);
        }
        if let Some(&i) = table().get(key) {
            return Some(i);
        }
        if let Some(i) = super::collections::intrinsic(
            callee.class,
            callee.name,
            callee.descriptor,
            callee.is_static,
        ) {
            return Some(i);
        }
        if BUILDER_CLASSES.contains(&callee.class) {
            return BuilderMethod::of(callee.name, callee.descriptor, callee.is_static)
                .map(I::Builder);
        }
        None
    }
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
