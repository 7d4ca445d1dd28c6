//! Field and method descriptors (JVMS §4.3) as owned values.
//!
//! Class names are kept in internal form (`java/lang/String`), as in the class
//! file; [`JType`]'s `Display` prints the Java source form (`java.lang.String[]`)
//! for messages.

use std::fmt;

/// A Java type as written in a field descriptor, or `void` for method returns.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JType {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    /// A class or interface, by internal name.
    Object(String),
    /// An array of the element type.
    Array(Box<JType>),
    /// Only as a method's return type.
    Void,
}

impl JType {
    /// Parses one complete field descriptor (`I`, `[Ljava/lang/String;`).
    pub fn parse(descriptor: &str) -> Option<JType> {
        match parse_one(descriptor) {
            Some((ty, "")) => Some(ty),
            _ => None,
        }
    }

    /// Parses the operand of `checkcast`, `instanceof`, `anewarray`, `new` and
    /// `multianewarray`: a bare internal class name or an array descriptor.
    pub fn from_class_ref(name: &str) -> JType {
        if name.starts_with('[') {
            JType::parse(name).unwrap_or_else(|| JType::Object(name.to_string()))
        } else {
            JType::Object(name.to_string())
        }
    }

    /// Number of local-variable or operand-stack words a value of this type
    /// takes (JVMS §2.6.1): 2 for `long` and `double`, 0 for `void`.
    pub fn size(&self) -> usize {
        match self {
            JType::Long | JType::Double => 2,
            JType::Void => 0,
            _ => 1,
        }
    }

    pub fn is_array(&self) -> bool {
        matches!(self, JType::Array(_))
    }

    pub fn is_reference(&self) -> bool {
        matches!(self, JType::Object(_) | JType::Array(_))
    }

    /// True for the types the JVM computes with as `int` (JVMS §2.11.1).
    pub fn is_int_like(&self) -> bool {
        matches!(
            self,
            JType::Boolean | JType::Byte | JType::Char | JType::Short | JType::Int
        )
    }

    /// The descriptor form (`[I`, `Ljava/lang/Object;`).
    pub fn descriptor(&self) -> String {
        let mut out = String::new();
        self.write_descriptor(&mut out);
        out
    }

    fn write_descriptor(&self, out: &mut String) {
        match self {
            JType::Boolean => out.push('Z'),
            JType::Byte => out.push('B'),
            JType::Char => out.push('C'),
            JType::Short => out.push('S'),
            JType::Int => out.push('I'),
            JType::Long => out.push('J'),
            JType::Float => out.push('F'),
            JType::Double => out.push('D'),
            JType::Void => out.push('V'),
            JType::Object(name) => {
                out.push('L');
                out.push_str(name);
                out.push(';');
            }
            JType::Array(elem) => {
                out.push('[');
                elem.write_descriptor(out);
            }
        }
    }

    /// The name used where the JVM expects a class reference: the internal
    /// name for a class, the descriptor for an array (JVMS §4.4.1).
    pub fn class_ref_name(&self) -> String {
        match self {
            JType::Object(name) => name.clone(),
            other => other.descriptor(),
        }
    }
}

impl fmt::Display for JType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JType::Boolean => f.write_str("boolean"),
            JType::Byte => f.write_str("byte"),
            JType::Char => f.write_str("char"),
            JType::Short => f.write_str("short"),
            JType::Int => f.write_str("int"),
            JType::Long => f.write_str("long"),
            JType::Float => f.write_str("float"),
            JType::Double => f.write_str("double"),
            JType::Void => f.write_str("void"),
            JType::Object(name) => f.write_str(&java_name(name)),
            JType::Array(elem) => write!(f, "{elem}[]"),
        }
    }
}

/// `java/lang/String` → `java.lang.String` (nested classes keep their `$`).
pub fn java_name(internal: &str) -> String {
    internal.replace('/', ".")
}

/// `java.lang.String` → `java/lang/String`.
pub fn internal_name(java: &str) -> String {
    java.replace('.', "/")
}

/// The parameter and return types of a method (JVMS §4.3.3).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MethodDescriptor {
    pub params: Vec<JType>,
    pub ret: JType,
}

impl MethodDescriptor {
    pub fn parse(descriptor: &str) -> Option<MethodDescriptor> {
        let mut rest = descriptor.strip_prefix('(')?;
        let mut params = Vec::new();
        loop {
            if let Some(after) = rest.strip_prefix(')') {
                rest = after;
                break;
            }
            let (ty, after) = parse_one(rest)?;
            params.push(ty);
            rest = after;
        }
        let ret = if rest == "V" {
            JType::Void
        } else {
            JType::parse(rest)?
        };
        Some(MethodDescriptor { params, ret })
    }

    /// Words taken by the parameters, not counting a receiver.
    pub fn param_words(&self) -> usize {
        self.params.iter().map(JType::size).sum()
    }
}

impl fmt::Display for MethodDescriptor {
    /// Java-like form: `(Chrono, int) -> Coord`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        write!(f, ") -> {}", self.ret)
    }
}

fn parse_one(s: &str) -> Option<(JType, &str)> {
    let first = s.chars().next()?;
    let rest = &s[1..];
    let ty = match first {
        'Z' => JType::Boolean,
        'B' => JType::Byte,
        'C' => JType::Char,
        'S' => JType::Short,
        'I' => JType::Int,
        'J' => JType::Long,
        'F' => JType::Float,
        'D' => JType::Double,
        'L' => {
            let end = rest.find(';')?;
            if end == 0 {
                return None;
            }
            return Some((JType::Object(rest[..end].to_string()), &rest[end + 1..]));
        }
        '[' => {
            let (elem, after) = parse_one(rest)?;
            return Some((JType::Array(Box::new(elem)), after));
        }
        _ => return None,
    };
    Some((ty, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_method_descriptors() {
        let d = MethodDescriptor::parse("(LChrono;I[[JD)LCoord;").unwrap();
        assert_eq!(
            d.params,
            vec![
                JType::Object("Chrono".into()),
                JType::Int,
                JType::Array(Box::new(JType::Array(Box::new(JType::Long)))),
                JType::Double
            ]
        );
        assert_eq!(d.ret, JType::Object("Coord".into()));
        assert_eq!(d.param_words(), 1 + 1 + 1 + 2);
        assert_eq!(d.to_string(), "(Chrono, int, long[][], double) -> Coord");
        assert_eq!(MethodDescriptor::parse("()V").unwrap().ret, JType::Void);
    }

    #[test]
    fn rejects_malformed_descriptors() {
        for bad in ["", "(", "(I", "(I)", "(L;)V", "(Q)V", "()II", "(I)V;"] {
            assert!(MethodDescriptor::parse(bad).is_none(), "{bad}");
        }
        assert!(JType::parse("V").is_none());
        assert!(JType::parse("Ljava/lang/String").is_none());
    }

    #[test]
    fn round_trips_descriptors() {
        for d in ["I", "[Ljava/lang/String;", "[[Z", "Ljava/util/Map$Entry;"] {
            assert_eq!(JType::parse(d).unwrap().descriptor(), d);
        }
        assert_eq!(
            JType::from_class_ref("[Ljava/lang/Object;").to_string(),
            "java.lang.Object[]"
        );
    }
}
