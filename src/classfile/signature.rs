//! Generic signatures (JVMS §4.7.9.1, the `Signature` attribute): the
//! types a class, a method or a field was declared with before erasure —
//! `List<String>` where the descriptor says `java/util/List`. The search
//! and the test writer use them for what erasure hides: the element type
//! of a collection parameter (`Map<String, Integer>`), and the types a
//! test declares its variables with.
//!
//! A signature the grammar rejects is `None` (a class file with a corrupt
//! `Signature` attribute still runs: the JVM does not check it, JVMS
//! §4.7.9.1), and the erased descriptor is all jaut knows.
//!
//! Of a nested class type (`Outer<T>.Inner<U>`) only the innermost type
//! arguments are kept, with the binary name (`Outer$Inner`).

use std::fmt;

use super::descriptor::JType;

/// A type as a signature writes it (JVMS `JavaTypeSignature`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenericType {
    /// A primitive type (`I`, `Z`, …).
    Base(JType),
    /// A class or interface type with its type arguments:
    /// `java/util/Map<TK;TV;>`.
    Class(ClassType),
    /// A type variable: `T`.
    Var(String),
    /// An array of the element type.
    Array(Box<GenericType>),
}

/// A class type: its binary name (`java/util/Map`, `a/Outer$Inner`) and
/// its type arguments (empty for a raw or non-generic type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassType {
    pub name: String,
    pub args: Vec<TypeArg>,
}

/// A type argument (JVMS `TypeArgument`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeArg {
    /// `?` (`*`).
    Any,
    /// Exactly this type.
    Exactly(GenericType),
    /// `? extends T` (`+`).
    Extends(GenericType),
    /// `? super T` (`-`).
    Super(GenericType),
}

/// A formal type parameter: `T extends Comparable<T>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeParam {
    pub name: String,
    /// The class bound (if any) then the interface bounds.
    pub bounds: Vec<GenericType>,
}

/// A method's signature (JVMS `MethodSignature`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodSignature {
    pub type_params: Vec<TypeParam>,
    /// The declared parameters. May be fewer than the descriptor's: the
    /// parameters the compiler adds (an inner class's outer instance, an
    /// enum's name and ordinal) need not appear (JVMS §4.7.9.1).
    pub params: Vec<GenericType>,
    /// `None` for `void`.
    pub result: Option<GenericType>,
    pub throws: Vec<GenericType>,
}

/// A class's signature (JVMS `ClassSignature`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassSignature {
    pub type_params: Vec<TypeParam>,
    pub superclass: GenericType,
    pub interfaces: Vec<GenericType>,
}

impl GenericType {
    /// A field's signature (JVMS `FieldSignature`).
    pub fn parse_field(text: &str) -> Option<GenericType> {
        let mut p = Parser::new(text);
        let t = p.reference()?;
        p.end(t)
    }

    /// The type arguments of a class type that names them exactly or by an
    /// upper bound (`List<String>`, `List<? extends Number>`), erased to
    /// their classes: `java/lang/String`. `None` for a wildcard `?`, a
    /// lower bound, or a type variable, whose class erasure does not tell.
    pub fn arg_classes(&self) -> Vec<Option<String>> {
        let GenericType::Class(c) = self else {
            return Vec::new();
        };
        c.args
            .iter()
            .map(|a| match a {
                TypeArg::Exactly(t) | TypeArg::Extends(t) => t.erased_class(),
                TypeArg::Any | TypeArg::Super(_) => None,
            })
            .collect()
    }

    /// The class of a class type (binary name), or an array's descriptor
    /// (`[Ljava/lang/String;`); `None` for a primitive or a type variable.
    pub fn erased_class(&self) -> Option<String> {
        match self {
            GenericType::Class(c) => Some(c.name.clone()),
            GenericType::Array(_) => self.erased().map(|t| t.descriptor()),
            GenericType::Base(_) | GenericType::Var(_) => None,
        }
    }

    /// The erased type, `None` when a type variable stands in it.
    pub fn erased(&self) -> Option<JType> {
        Some(match self {
            GenericType::Base(t) => t.clone(),
            GenericType::Class(c) => JType::Object(c.name.clone()),
            GenericType::Var(_) => return None,
            GenericType::Array(e) => JType::Array(Box::new(e.erased()?)),
        })
    }

    /// The classes it names, outermost first.
    pub fn classes(&self) -> Vec<&str> {
        match self {
            GenericType::Base(_) | GenericType::Var(_) => Vec::new(),
            GenericType::Array(e) => e.classes(),
            GenericType::Class(c) => {
                let mut names = vec![c.name.as_str()];
                for a in &c.args {
                    if let TypeArg::Exactly(t) | TypeArg::Extends(t) | TypeArg::Super(t) = a {
                        names.extend(t.classes());
                    }
                }
                names
            }
        }
    }

    /// Whether no type variable appears in it (a test can write it as is).
    pub fn is_closed(&self) -> bool {
        match self {
            GenericType::Base(_) => true,
            GenericType::Var(_) => false,
            GenericType::Array(e) => e.is_closed(),
            GenericType::Class(c) => c.args.iter().all(|a| match a {
                TypeArg::Any => true,
                TypeArg::Exactly(t) | TypeArg::Extends(t) | TypeArg::Super(t) => t.is_closed(),
            }),
        }
    }
}

impl MethodSignature {
    /// Parses a method's `Signature` attribute.
    pub fn parse(text: &str) -> Option<MethodSignature> {
        let mut p = Parser::new(text);
        let type_params = p.type_params()?;
        p.expect(b'(')?;
        let mut params = Vec::new();
        while p.peek()? != b')' {
            params.push(p.java_type()?);
        }
        p.expect(b')')?;
        let result = match p.peek()? {
            b'V' => {
                p.bump();
                None
            }
            _ => Some(p.java_type()?),
        };
        let mut throws = Vec::new();
        while p.peek() == Some(b'^') {
            p.bump();
            throws.push(p.reference()?);
        }
        p.end(MethodSignature {
            type_params,
            params,
            result,
            throws,
        })
    }
}

impl ClassSignature {
    /// Parses a class's `Signature` attribute.
    pub fn parse(text: &str) -> Option<ClassSignature> {
        let mut p = Parser::new(text);
        let type_params = p.type_params()?;
        let superclass = p.reference()?;
        let mut interfaces = Vec::new();
        while p.peek().is_some() {
            interfaces.push(p.reference()?);
        }
        Some(ClassSignature {
            type_params,
            superclass,
            interfaces,
        })
    }
}

/// A recursive-descent reader of the grammar of JVMS §4.7.9.1.
struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text: text.as_bytes(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        (self.bump()? == b).then_some(())
    }

    /// `value`, if the whole text was read.
    fn end<T>(&self, value: T) -> Option<T> {
        (self.at == self.text.len()).then_some(value)
    }

    /// An identifier, up to (not including) one of `stops`.
    fn identifier(&mut self, stops: &[u8]) -> Option<String> {
        let start = self.at;
        while !stops.contains(&self.peek()?) {
            self.at += 1;
        }
        let id = std::str::from_utf8(&self.text[start..self.at]).ok()?;
        (!id.is_empty()).then(|| id.to_string())
    }

    /// `[TypeParameters]`.
    fn type_params(&mut self) -> Option<Vec<TypeParam>> {
        let mut params = Vec::new();
        if self.peek() != Some(b'<') {
            return Some(params);
        }
        self.bump();
        while self.peek()? != b'>' {
            let name = self.identifier(b":")?;
            let mut bounds = Vec::new();
            // The class bound may be empty (`T::Ljava/lang/Comparable;`).
            self.expect(b':')?;
            if !matches!(self.peek()?, b':' | b'>') && !self.starts_type_param() {
                bounds.push(self.reference()?);
            }
            while self.peek() == Some(b':') {
                self.bump();
                bounds.push(self.reference()?);
            }
            params.push(TypeParam { name, bounds });
        }
        self.bump();
        Some(params)
    }

    /// Whether a new type parameter (`Identifier :`) starts here, not a
    /// bound: a bound starts with `L`, `T` or `[` and holds no `:` before
    /// its end.
    fn starts_type_param(&self) -> bool {
        let rest = &self.text[self.at..];
        let colon = rest.iter().position(|&b| b == b':');
        let end = rest.iter().position(|&b| matches!(b, b';' | b'<'));
        matches!((colon, end), (Some(c), Some(e)) if c < e)
    }

    /// `JavaTypeSignature`.
    fn java_type(&mut self) -> Option<GenericType> {
        let base = match self.peek()? {
            b'B' => JType::Byte,
            b'C' => JType::Char,
            b'D' => JType::Double,
            b'F' => JType::Float,
            b'I' => JType::Int,
            b'J' => JType::Long,
            b'S' => JType::Short,
            b'Z' => JType::Boolean,
            _ => return self.reference(),
        };
        self.bump();
        Some(GenericType::Base(base))
    }

    /// `ReferenceTypeSignature`.
    fn reference(&mut self) -> Option<GenericType> {
        match self.bump()? {
            b'L' => self.class_type(),
            b'T' => {
                let name = self.identifier(b";")?;
                self.bump();
                Some(GenericType::Var(name))
            }
            b'[' => Some(GenericType::Array(Box::new(self.java_type()?))),
            _ => None,
        }
    }

    /// `ClassTypeSignature` after its `L`.
    fn class_type(&mut self) -> Option<GenericType> {
        let mut name = self.identifier(b"<.;")?;
        let mut args = self.type_args()?;
        while self.peek()? == b'.' {
            self.bump();
            name = format!("{name}${}", self.identifier(b"<.;")?);
            args = self.type_args()?;
        }
        self.expect(b';')?;
        Some(GenericType::Class(ClassType { name, args }))
    }

    /// `[TypeArguments]`.
    fn type_args(&mut self) -> Option<Vec<TypeArg>> {
        let mut args = Vec::new();
        if self.peek()? != b'<' {
            return Some(args);
        }
        self.bump();
        while self.peek()? != b'>' {
            args.push(match self.peek()? {
                b'*' => {
                    self.bump();
                    TypeArg::Any
                }
                b'+' => {
                    self.bump();
                    TypeArg::Extends(self.reference()?)
                }
                b'-' => {
                    self.bump();
                    TypeArg::Super(self.reference()?)
                }
                _ => TypeArg::Exactly(self.reference()?),
            });
        }
        self.bump();
        (!args.is_empty()).then_some(args)
    }
}

/// The Java source form: `java.util.Map<java.lang.String, java.lang.Integer>`,
/// `java.util.List<? extends java.lang.Number>`, `T[]`, `a.Outer.Inner`.
impl fmt::Display for GenericType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenericType::Base(t) => write!(f, "{t}"),
            GenericType::Var(name) => f.write_str(name),
            GenericType::Array(e) => write!(f, "{e}[]"),
            GenericType::Class(c) => {
                f.write_str(&c.name.replace(['/', '$'], "."))?;
                if c.args.is_empty() {
                    return Ok(());
                }
                f.write_str("<")?;
                for (k, a) in c.args.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    match a {
                        TypeArg::Any => f.write_str("?")?,
                        TypeArg::Exactly(t) => write!(f, "{t}")?,
                        TypeArg::Extends(t) => write!(f, "? extends {t}")?,
                        TypeArg::Super(t) => write!(f, "? super {t}")?,
                    }
                }
                f.write_str(">")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_method_of_collections_reads_back_in_java_form() {
        let m = MethodSignature::parse(
            "<K:Ljava/lang/Object;V::Ljava/lang/Comparable<-TV;>;>\
             (Ljava/util/Map<TK;TV;>;[ILjava/util/List<+Ljava/lang/Number;>;)\
             Ljava/util/SortedMap<TK;TV;>;^Ljava/io/IOException;",
        )
        .expect("a valid signature");
        let names: Vec<_> = m.type_params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["K", "V"]);
        assert_eq!(m.type_params[1].bounds.len(), 1);
        let shown: Vec<String> = m.params.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "java.util.Map<K, V>",
                "int[]",
                "java.util.List<? extends java.lang.Number>"
            ]
        );
        assert_eq!(
            m.params[2].arg_classes(),
            [Some("java/lang/Number".to_string())]
        );
        assert!(!m.params[0].is_closed() && m.params[2].is_closed());
        assert_eq!(
            m.params[2].classes(),
            ["java/util/List", "java/lang/Number"]
        );
        assert_eq!(m.result.unwrap().to_string(), "java.util.SortedMap<K, V>");
        assert_eq!(m.throws.len(), 1);
    }

    #[test]
    fn nested_classes_wildcards_and_void() {
        let m =
            MethodSignature::parse("(La/Outer<TT;>.Inner<Ljava/lang/String;>;Ljava/util/Set<*>;)V")
                .unwrap();
        assert_eq!(m.params[0].to_string(), "a.Outer.Inner<java.lang.String>");
        assert_eq!(m.params[1].arg_classes(), [None]);
        assert_eq!(m.result, None);
        let GenericType::Class(c) = &m.params[0] else {
            panic!("a class type")
        };
        assert_eq!(c.name, "a/Outer$Inner");
    }

    #[test]
    fn fields_and_classes() {
        let f = GenericType::parse_field("Ljava/util/Map<Ljava/lang/String;[Ljava/lang/Integer;>;")
            .unwrap();
        assert_eq!(
            f.arg_classes(),
            [
                Some("java/lang/String".to_string()),
                Some("[Ljava/lang/Integer;".to_string())
            ]
        );
        let c = ClassSignature::parse(
            "<E:Ljava/lang/Object;>Ljava/util/AbstractList<TE;>;Ljava/util/List<TE;>;",
        )
        .unwrap();
        assert_eq!(c.superclass.to_string(), "java.util.AbstractList<E>");
        assert_eq!(c.interfaces.len(), 1);
    }

    #[test]
    fn malformed_signatures_are_none() {
        for bad in [
            "",
            "(",
            "(I",
            "Ljava/util/List<>;",
            "(Q)V",
            "Ljava/lang/String",
            "(I)VX",
        ] {
            assert_eq!(MethodSignature::parse(bad), None, "{bad}");
        }
        assert_eq!(GenericType::parse_field("Ljava/lang/String;X"), None);
    }
}
