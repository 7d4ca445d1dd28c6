//! The BootstrapMethods attribute of a class (JVMS §4.7.23): for each entry,
//! the bootstrap method handle (JVMS §4.4.8) and its static arguments
//! (JVMS §4.4.10). An `invokedynamic` names its entry by index
//! (`Op::InvokeDynamic::bootstrap`); `Class::bootstrap_method` finds it.
//! The text forms follow javap's (`REF_invokeStatic owner.name:desc`).

use std::fmt;

/// The reference kind of a method handle constant (JVMS Table 5.4.3.5-A).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandleKind {
    GetField,
    GetStatic,
    PutField,
    PutStatic,
    InvokeVirtual,
    InvokeStatic,
    InvokeSpecial,
    NewInvokeSpecial,
    InvokeInterface,
}

impl fmt::Display for HandleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HandleKind::GetField => "REF_getField",
            HandleKind::GetStatic => "REF_getStatic",
            HandleKind::PutField => "REF_putField",
            HandleKind::PutStatic => "REF_putStatic",
            HandleKind::InvokeVirtual => "REF_invokeVirtual",
            HandleKind::InvokeStatic => "REF_invokeStatic",
            HandleKind::InvokeSpecial => "REF_invokeSpecial",
            HandleKind::NewInvokeSpecial => "REF_newInvokeSpecial",
            HandleKind::InvokeInterface => "REF_invokeInterface",
        })
    }
}

/// A `CONSTANT_MethodHandle`: its kind and the member it refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodHandle {
    pub kind: HandleKind,
    /// Internal name of the member's class, e.g. `java/lang/invoke/LambdaMetafactory`.
    pub owner: String,
    pub name: String,
    /// The member's descriptor: a method descriptor, or a field descriptor
    /// for the four field kinds.
    pub descriptor: String,
}

impl MethodHandle {
    /// `owner.name`, e.g. `java/lang/invoke/LambdaMetafactory.metafactory`.
    pub fn qualified_name(&self) -> String {
        format!("{}.{}", self.owner, self.name)
    }
}

impl fmt::Display for MethodHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}.{}:{}",
            self.kind, self.owner, self.name, self.descriptor
        )
    }
}

/// One static argument of a bootstrap method (a loadable constant).
#[derive(Debug, Clone, PartialEq)]
pub enum BootstrapArg {
    Int(i32),
    Float(f32),
    Long(i64),
    Double(f64),
    /// A `CONSTANT_String`; strings that are not valid modified UTF-8 in
    /// Rust's sense are kept lossily (they are only shown, never computed).
    String(String),
    /// A `CONSTANT_Class`, by internal name.
    Class(String),
    Handle(MethodHandle),
    /// A `CONSTANT_MethodType`, by descriptor.
    MethodType(String),
}

impl fmt::Display for BootstrapArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BootstrapArg::Int(v) => write!(f, "{v}"),
            BootstrapArg::Float(v) => write!(f, "{v}f"),
            BootstrapArg::Long(v) => write!(f, "{v}l"),
            BootstrapArg::Double(v) => write!(f, "{v}d"),
            BootstrapArg::String(s) => write!(f, "{s:?}"),
            BootstrapArg::Class(c) => write!(f, "class {c}"),
            BootstrapArg::Handle(h) => write!(f, "{h}"),
            BootstrapArg::MethodType(d) => write!(f, "{d}"),
        }
    }
}

/// One entry of the BootstrapMethods attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct BootstrapMethod {
    pub handle: MethodHandle,
    pub args: Vec<BootstrapArg>,
}

impl fmt::Display for BootstrapMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.handle)?;
        for (i, a) in self.args.iter().enumerate() {
            f.write_str(if i == 0 { "\n  args: " } else { ", " })?;
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metafactory_entry_reads_like_javap() {
        let entry = BootstrapMethod {
            handle: MethodHandle {
                kind: HandleKind::InvokeStatic,
                owner: "java/lang/invoke/LambdaMetafactory".into(),
                name: "metafactory".into(),
                descriptor: "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;".into(),
            },
            args: vec![
                BootstrapArg::MethodType("(I)I".into()),
                BootstrapArg::Handle(MethodHandle {
                    kind: HandleKind::InvokeStatic,
                    owner: "p/C".into(),
                    name: "lambda$m$0".into(),
                    descriptor: "(II)I".into(),
                }),
                BootstrapArg::MethodType("(I)I".into()),
            ],
        };
        assert_eq!(
            entry.handle.qualified_name(),
            "java/lang/invoke/LambdaMetafactory.metafactory"
        );
        let text = entry.to_string();
        assert!(
            text.starts_with("REF_invokeStatic java/lang/invoke/LambdaMetafactory.metafactory:(")
        );
        assert!(text.ends_with("\n  args: (I)I, REF_invokeStatic p/C.lambda$m$0:(II)I, (I)I"));
        assert_eq!(
            BootstrapArg::String("\u{1}x".into()).to_string(),
            "\"\\u{1}x\""
        );
        assert_eq!(BootstrapArg::Class("p/C".into()).to_string(), "class p/C");
    }
}
