//! Why the search cannot model a step: a contract expression it cannot
//! lower, an intrinsic call or an implicit exception outside its model of
//! the JVM, a call it cannot dispatch.
//!
//! Each is a cut, not a failure: the step's caller adds where it happened
//! (the method and pc, the contract) and reports it as
//! [`crate::reason::Reason::Unsupported`], so the verdict is `unknown`
//! rather than a proof. The texts below are those reasons' messages, which
//! the tests and snapshots compare: change them only with those.
//!
//! The models of `jdk/` and the engine of `search/` both give these, so
//! the type sits here, below both ([`super::engine`]).

use crate::classfile::bytecode::MethodRef;
use crate::classpath::ClassPathError;

/// A step the search's model does not cover.
#[derive(Debug, thiserror::Error)]
pub enum Unsupported {
    /// A contract names `this` in a static method.
    #[error("`this` in a static method")]
    ThisInStatic,
    /// A contract names a parameter the method does not have.
    #[error("no such parameter")]
    NoSuchParameter,
    /// A contract or intrinsic needs the result of a method returning `void`.
    #[error("no result")]
    NoResult,
    /// An intrinsic on an instance method called without a receiver.
    #[error("no receiver")]
    NoReceiver,
    /// A contract reads a field of a value whose static type is not a class.
    #[error("field `{name}` of a value that is not an object")]
    FieldOfNonObject { name: String },
    /// A contract reads a field its class (internal name) does not have.
    #[error("no field {name} in {class}")]
    NoSuchField { class: String, name: String },
    /// Strings are needed but `java.lang.String` is not in the universe.
    #[error("java.lang.String not loaded")]
    StringNotLoaded,
    /// A boxing intrinsic whose result is not an object.
    #[error("boxing into a non-object")]
    BoxingIntoNonObject,
    /// A class (internal name) objects are created of is not in the universe.
    #[error("{0} is not in the universe")]
    NotInUniverse(String),
    /// An instruction without a frame: unreachable from the entry.
    #[error("dead code")]
    DeadCode,
    /// `System.arraycopy` of operands whose frame types are not arrays.
    #[error("arraycopy between values not typed as arrays at the call")]
    ArrayCopyUntyped,
    /// `System.arraycopy` between arrays of different element types.
    #[error("arraycopy between arrays of different element types")]
    ArrayCopyMixedTypes,
    /// A string concatenation whose recipe the model cannot read.
    #[error("string concatenation with a recipe the model cannot read")]
    Concat,
    /// A builder method that hands out or writes the builder's internals.
    #[error("StringBuilder.{0} (its internal array) is not modelled")]
    BuilderInternals(String),
    /// A method of `ArrayList` or of its iterator the list model does not
    /// answer (src/search/lists.rs): its name.
    #[error("ArrayList.{0} is not modelled (the list model answers size, isEmpty, get, set, add, remove(int), clear, contains, indexOf and iteration)")]
    ListMethod(String),
    /// A method of a modelled collection the models do not answer
    /// (src/search/keyed.rs, deques.rs): `HashMap.name`, `ArrayDeque.name`.
    #[error(
        "{0} is not modelled (docs/collections.md lists the methods the collection models answer)"
    )]
    CollectionMethod(String),
    /// A regex matched against a text of a class (source form) that is no
    /// `String`'s.
    #[error("a regex matched against a {0} (only a String is modelled)")]
    RegexText(String),
    /// An enum whose constants' classes its class initializer does not show.
    #[error("the constants of enum {0} could not be read")]
    EnumConstants(String),
    /// A failing `checkcast` to an array type.
    #[error("ClassCastException of a cast to an array type")]
    CastToArrayFails,
    /// An implicit exception (internal name) the instruction's rule does
    /// not raise.
    #[error("raising {}", .class.replace('/', "."))]
    Raising { class: String },
    /// An intrinsic the search applies where it stands (an array's
    /// `clone`, a string concatenation) met as the model of a resolved
    /// method.
    #[error("an array's clone or a string concatenation met as a resolved call")]
    NotACall,
    /// A virtual call whose reference names an array type.
    #[error("call to {0} on an array")]
    CallOnArray(MethodRef),
    /// A call whose method does not resolve.
    #[error("call to {0} (not found on the class path)")]
    MethodNotFound(MethodRef),
    /// An `invokedynamic` whose bootstrap method (`owner.name`, source form)
    /// the search does not model; `None` when the class has no entry at
    /// the site's index.
    #[error("invokedynamic {}", .0.as_deref().unwrap_or("(no bootstrap method entry)"))]
    InvokeDynamic(Option<String>),
    /// Resolving a call's method failed.
    #[error(transparent)]
    ClassPath(#[from] ClassPathError),
}

#[cfg(test)]
mod tests {
    use super::Unsupported;
    use crate::classfile::bytecode::MethodRef;
    use crate::classfile::MethodDescriptor;

    /// The texts with fields, as the `format!`s they replace wrote them.
    #[test]
    fn texts_name_their_subject() {
        let r = MethodRef {
            class: "[I".into(),
            name: "clone".into(),
            descriptor: "()Ljava/lang/Object;".into(),
            desc: MethodDescriptor::parse("()Ljava/lang/Object;").expect("a descriptor"),
        };
        let cases = [
            (
                Unsupported::FieldOfNonObject { name: "x".into() },
                "field `x` of a value that is not an object",
            ),
            (
                Unsupported::NoSuchField {
                    class: "p/C".into(),
                    name: "x".into(),
                },
                "no field x in p/C",
            ),
            (
                Unsupported::NotInUniverse("java/lang/Long".into()),
                "java/lang/Long is not in the universe",
            ),
            (
                Unsupported::Raising {
                    class: "java/lang/IllegalMonitorStateException".into(),
                },
                "raising java.lang.IllegalMonitorStateException",
            ),
            (
                Unsupported::CallOnArray(r.clone()),
                "call to [I.clone()Ljava/lang/Object; on an array",
            ),
            (
                Unsupported::InvokeDynamic(Some(
                    "java.lang.runtime.ObjectMethods.bootstrap".into(),
                )),
                "invokedynamic java.lang.runtime.ObjectMethods.bootstrap",
            ),
            (
                Unsupported::InvokeDynamic(None),
                "invokedynamic (no bootstrap method entry)",
            ),
            (
                Unsupported::MethodNotFound(r),
                "call to [I.clone()Ljava/lang/Object; (not found on the class path)",
            ),
        ];
        for (why, text) in cases {
            assert_eq!(why.to_string(), text);
        }
    }
}
