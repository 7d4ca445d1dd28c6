//! Access decisions: which classes, fields and methods a test may name in
//! its source, and how it spells the types it names.
//!
//! A test class lives in the package of the class under test, so the
//! decisions follow Java's access control (JLS §6.6) as seen from a class
//! of that package: a top-level class is accessible when public or in the
//! same package (§6.6.1); a member when public, or package-private or
//! protected in the same package — never when private. Nested classes are
//! named only when public (with their outer class accessible): a private
//! nested class is package-private in its class file's access flags (JVMS
//! §4.1; only the `InnerClasses` attribute, not read here, says `private`),
//! so the flags cannot tell; anonymous and local classes never. A field is read or written as
//! `expr.name` only when that resolves to the same field (JLS §8.3: a
//! subclass field of that name hides it), and written only when not final.
//! Everything else goes through the reflection helpers (`helpers.rs`), so
//! these decisions only affect readability, never what the test does.
//!
//! The answers are cached per class; [`Access::type_name`] also records
//! whether a class that may be generic was written raw (states carry no
//! type arguments), which makes the test class suppress `rawtypes`.

use std::collections::HashMap;
use std::sync::Arc;

use super::java::{self, is_primitive};
use crate::classfile::{access, descriptor::internal_name, Class, Method};
use crate::classpath::ClassPath;

/// What a test in `package` may name, over the classes of a class path.
pub(crate) struct Access<'a> {
    cp: &'a ClassPath,
    /// The test's package: the package of the class under test.
    package: String,
    classes: HashMap<String, Option<Arc<Class>>>,
    /// Set when a generic class (or one not found) was written (see
    /// `Helpers::raw_types`).
    raw: std::cell::Cell<bool>,
}

impl<'a> Access<'a> {
    pub(crate) fn new(cp: &'a ClassPath, package: &str) -> Access<'a> {
        Access {
            cp,
            package: package.to_string(),
            classes: HashMap::new(),
            raw: std::cell::Cell::new(false),
        }
    }

    /// Whether a type that may be generic was written without type
    /// arguments so far.
    pub(super) fn wrote_raw_type(&self) -> bool {
        self.raw.get()
    }

    /// The class path the decisions are made over.
    pub(crate) fn class_path(&self) -> &'a ClassPath {
        self.cp
    }

    pub(super) fn load(&mut self, java_name: &str) -> Option<Arc<Class>> {
        let cp = self.cp;
        self.classes
            .entry(java_name.to_string())
            .or_insert_with(|| cp.load(&internal_name(java_name)).ok())
            .clone()
    }

    /// Whether class `ty` (Java form) may declare type parameters: its
    /// Signature attribute starts with `<` exactly when it does (JVMS
    /// §4.7.9.1); a class not loaded, or that the class path cannot load,
    /// may.
    fn may_be_generic(&self, ty: &str) -> bool {
        match self.classes.get(ty) {
            Some(Some(c)) => c
                .signature
                .as_deref()
                .is_some_and(|sig| sig.starts_with('<')),
            _ => true,
        }
    }

    /// Whether the test may write type `ty` (Java form) in its source.
    pub(crate) fn type_accessible(&mut self, ty: &str) -> bool {
        if let Some(elem) = ty.strip_suffix("[]") {
            return self.type_accessible(elem);
        }
        if is_primitive(ty) {
            return true;
        }
        // Class files allow names Java source cannot spell.
        if !ty.split(['.', '$']).all(java::is_identifier) {
            return false;
        }
        if in_unexported_jdk_package(ty) {
            return false;
        }
        let Some(class) = self.load(ty) else {
            return false;
        };
        let public = class.access & access::PUBLIC != 0;
        let simple = java::binary_simple_name(ty);
        if let Some((outer, inner)) = simple.rsplit_once('$') {
            if inner.is_empty() || inner.starts_with(|c: char| c.is_ascii_digit()) {
                return false;
            }
            // A member class's declared access (a protected one is public
            // in the class file): protected and package-private ones are
            // visible from their package only (the test's, when it is).
            if let Some(flags) = class.inner_access {
                let same_package = java::package_of(ty) == self.package;
                let visible =
                    flags & access::PRIVATE == 0 && (flags & access::PUBLIC != 0 || same_package);
                if !visible {
                    return false;
                }
            }
            let pkg = java::package_of(ty);
            let outer = if pkg.is_empty() {
                outer.to_string()
            } else {
                format!("{pkg}.{outer}")
            };
            return public && self.type_accessible(&outer);
        }
        public || java::package_of(ty) == self.package
    }

    /// Whether the test may write `new T() { ... }` for type `ty` (Java
    /// form): an interface, or an abstract class with a constructor without
    /// parameters the test may call (public or protected, or package-private
    /// in the test's package).
    pub(super) fn mock_constructible(&mut self, ty: &str) -> bool {
        let Some(class) = self.load(ty) else {
            return false;
        };
        if class.is_interface() {
            return true;
        }
        let same_package = java::package_of(ty) == self.package;
        class.methods.iter().any(|m| {
            m.name == "<init>"
                && m.descriptor == "()V"
                && (m.access & (access::PUBLIC | access::PROTECTED) != 0
                    || (same_package && m.access & access::PRIVATE == 0))
        })
    }

    /// How the test writes accessible type `ty`: `int`, `Coord`,
    /// `PrivateRedBlackTree.Entry`, `String`, `java.util.List`.
    pub(super) fn type_name(&self, ty: &str) -> String {
        if let Some(elem) = ty.strip_suffix("[]") {
            return format!("{}[]", self.type_name(elem));
        }
        // A generic class is written raw: the state has no type arguments.
        if !is_primitive(ty) && self.may_be_generic(ty) {
            self.raw.set(true);
        }
        let pkg = java::package_of(ty);
        if is_primitive(ty) || pkg == self.package || (pkg == "java.lang" && !ty.contains('$')) {
            java::source_simple_name(ty)
        } else {
            ty.replace('$', ".")
        }
    }

    /// The declared type of a variable holding a `ty`.
    pub(super) fn var_type(&mut self, ty: &str) -> String {
        if self.type_accessible(ty) {
            self.type_name(ty)
        } else if ty.ends_with("[]") && !is_primitive(ty.trim_end_matches("[]")) {
            "Object[]".into()
        } else {
            "Object".into()
        }
    }

    /// `Coord.class`, `int[].class`, or `Class.forName("pkg.Outer$Hidden")`.
    pub(super) fn class_literal(&mut self, ty: &str) -> String {
        if self.type_accessible(ty) {
            return format!("{}.class", self.type_name(ty));
        }
        let dims = ty.matches("[]").count();
        let base = ty.trim_end_matches("[]");
        let binary = if dims == 0 {
            base.to_string()
        } else {
            format!("{}L{base};", "[".repeat(dims))
        };
        format!("Class.forName({})", java::string_literal(&binary))
    }

    /// Whether the test may read (or, with `write`, assign) field `name` of
    /// `declaring` as `expr.name` where `expr` has static type `class`.
    /// Whether instance field `name` of `declaring` is a constant variable
    /// (JLS §4.12.4): every object a constructor made holds its constant,
    /// and javac inlines a read of it in the test, so asserting it checks
    /// nothing.
    pub(super) fn constant_field(&mut self, declaring: &str, name: &str) -> bool {
        self.load(declaring)
            .and_then(|c| {
                c.field(name)
                    .map(|f| !f.is_static() && f.constant_variable().is_some())
            })
            .unwrap_or(false)
    }

    pub(super) fn field_direct(
        &mut self,
        declaring: &str,
        name: &str,
        class: &str,
        write: bool,
    ) -> bool {
        let Some(decl) = self.load(declaring) else {
            return false;
        };
        let Some(field) = decl.field(name) else {
            return false;
        };
        let flags = field.access;
        // A synthetic field (an inner class's `this$0`) has no name in
        // Java source.
        if !java::is_identifier(name)
            || flags & access::SYNTHETIC != 0
            || flags & access::PRIVATE != 0
            || (write && flags & access::FINAL != 0)
            || (flags & access::PUBLIC == 0 && java::package_of(declaring) != self.package)
            || !self.type_accessible(declaring)
            || !self.type_accessible(class)
        {
            return false;
        }
        // `expr.name` must resolve to this field: no class between the
        // object's and the declaring one may hide it.
        let mut at = class.to_string();
        while at != declaring {
            let Some(c) = self.load(&at) else {
                return false;
            };
            if c.field(name).is_some() {
                return false;
            }
            match &c.super_class {
                Some(s) => at = s.replace('/', "."),
                None => return false,
            }
        }
        true
    }

    /// The public getter the test may read field `name` (declared in
    /// `declaring`) through, on an object whose static type in the test is
    /// `class`: a public instance method without parameters whose whole
    /// code is `aload_0; getfield <the field>; return`, and which no class
    /// between `class` and `declaring` overrides (an override could compute
    /// something else). Its name; `None` when there is none.
    pub(super) fn getter(&mut self, class: &str, declaring: &str, name: &str) -> Option<String> {
        if !self.type_accessible(class) || !self.type_accessible(declaring) {
            return None;
        }
        let decl = self.load(declaring)?;
        let field = decl.field(name)?;
        if field.is_static() {
            return None;
        }
        let getter = decl.methods.iter().find(|m| {
            m.access & access::PUBLIC != 0
                && !m.is_static()
                && java::is_identifier(&m.name)
                && m.desc.params.is_empty()
                && m.desc.ret == field.ty
                && returns_field(m, &decl.name, name)
        })?;
        let mut at = class.to_string();
        while at != declaring {
            let c = self.load(&at)?;
            if c.method(&getter.name, &getter.descriptor).is_some() {
                return None;
            }
            at = c.super_class.as_ref()?.replace('/', ".");
        }
        Some(getter.name.clone())
    }

    /// Whether the test may assign static field `field` of `class` as
    /// `Class.field`: it is static, not final, and accessible.
    pub(super) fn static_field_direct(&mut self, class: &str, field: &str) -> bool {
        self.load(class).is_some_and(|c| {
            c.field(field)
                .is_some_and(|f| f.is_static() && f.access & access::FINAL == 0)
        }) && self.field_direct(class, field, class, true)
    }
}

/// Whether `method`'s whole code returns field `field` of `this`, declared
/// in `class` (internal name): `aload_0; getfield; xreturn`.
fn returns_field(method: &Method, class: &str, field: &str) -> bool {
    use crate::classfile::bytecode::{Kind, Op};
    let Some(code) = &method.code else {
        return false;
    };
    match code.instructions.iter().map(|i| &i.op).collect::<Vec<_>>()[..] {
        [Op::Load(Kind::Ref, 0), Op::GetField(f), Op::Return(Some(_))] => {
            f.name == field && f.class == class
        }
        _ => false,
    }
}

/// Whether the test may call `method` directly (`new C(..)`,
/// `receiver.m(..)`, `C.m(..)`), given whether its class and its parameter
/// types are accessible: not private, and named by an identifier unless a
/// constructor.
pub(super) fn method_direct(method: &Method, class_ok: bool, params_ok: bool) -> bool {
    let ctor = method.name == "<init>";
    !method.is_private() && class_ok && params_ok && (ctor || java::is_identifier(&method.name))
}

/// Whether `ty` is in a package of the JDK that no module exports (JLS
/// 7.7.2: a test cannot name it, `sun.nio.cs.UTF_8` say): `sun.*` but for
/// `sun.misc` and `sun.reflect` (exported by `jdk.unsupported`),
/// `jdk.internal.*`, and the JDK's internal copies under `com.sun`.
fn in_unexported_jdk_package(ty: &str) -> bool {
    const EXPORTED: [&str; 2] = ["sun.misc.", "sun.reflect."];
    const INTERNAL: [&str; 5] = [
        "sun.",
        "jdk.internal.",
        "com.sun.org.apache.",
        "com.sun.crypto.provider.",
        "com.sun.proxy.",
    ];
    INTERNAL.iter().any(|p| ty.starts_with(p)) && !EXPORTED.iter().any(|p| ty.starts_with(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unexported_jdk_packages_are_not_named() {
        assert!(in_unexported_jdk_package("sun.nio.cs.UTF_8"));
        assert!(in_unexported_jdk_package("jdk.internal.misc.Unsafe"));
        assert!(!in_unexported_jdk_package("sun.misc.Unsafe"));
        assert!(!in_unexported_jdk_package("java.nio.charset.Charset"));
        assert!(!in_unexported_jdk_package("sunny.Day"));
    }
}
