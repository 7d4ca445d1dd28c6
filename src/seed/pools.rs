//! The pools of scalar and string seeds of one method (EvoSuite's
//! constant seeding): small integers and the method's integer constants
//! with their neighbours, the floats where IEEE 754 and Java's casts change
//! behaviour with the method's float constants, and strings — empty, a
//! letter, null, a text of mixed characters, the method's own string
//! constants, texts its class's regular expressions match and texts of the
//! characters it and its helpers compare with.

use super::{chars, patterns};
use crate::classfile::bytecode::Constant;
use crate::classfile::{Class, Code, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::labeling::Value;

/// A text of several kinds of characters — upper and lower case, a
/// repeated letter, a blank, punctuation below `A` and above `Z`, digits —
/// tried right after `""` and `"a"`: methods that read text letter by
/// letter (phonetic encoders, parsers) take more of their branches on it
/// than on `"a"`.
const MIXED_TEXT: &str = "Hello_World, 42";

/// The parameter types a string seed is given to: a `String` is a
/// `CharSequence` and an `Object` too.
const STRING_TYPES: [&str; 3] = [
    "java/lang/String",
    "java/lang/CharSequence",
    "java/lang/Object",
];

/// The method's string constants seeded, at most.
const MAX_STRING_SEEDS: usize = 12;

/// The longest string constant seeded, in characters.
const MAX_SEED_TEXT: usize = 64;

/// The seeds of one method's scalars and strings, each pool in the order
/// tried.
pub(super) struct Pools {
    ints: Vec<i64>,
    floats: Vec<f64>,
    strings: Vec<Value>,
}

impl Pools {
    /// The pools of `method` (of `class`, with `code`).
    pub(super) fn of(class: &Class, method: &Method, code: &Code) -> Pools {
        let mut ints: Vec<i64> = vec![0, 1, -1];
        let push = |v: i64, ints: &mut Vec<i64>| {
            for w in [v, v.wrapping_sub(1), v.wrapping_add(1)] {
                if !ints.contains(&w) {
                    ints.push(w);
                }
            }
        };
        // Floats: the values where IEEE-754 and Java's casts change behaviour,
        // then the method's constants and their negations.
        let mut floats: Vec<f64> = vec![
            0.0,
            1.0,
            -1.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.0,
        ];
        let push_float = |v: f64, floats: &mut Vec<f64>| {
            for w in [v, -v] {
                if !floats.iter().any(|f| f.to_bits() == w.to_bits()) {
                    floats.push(w);
                }
            }
        };
        // Strings: empty, one letter, null, then the method's own string
        // constants (a separator, a prefix it looks for), then a blank, a
        // digit and two letters.
        let mut strings: Vec<Value> = vec![
            Value::Str(String::new()),
            Value::Str("a".into()),
            Value::Null,
        ];
        let mut constants = 0;
        for insn in &code.instructions {
            if let Op::Const(c) = &insn.op {
                match c.as_ref() {
                    Constant::Int(v) => push(i64::from(*v), &mut ints),
                    Constant::Long(v) => push(*v, &mut ints),
                    Constant::Float(v) => push_float(f64::from(*v), &mut floats),
                    Constant::Double(v) => push_float(*v, &mut floats),
                    Constant::String(text) if text.chars().count() <= MAX_SEED_TEXT => {
                        let v = Value::Str(text.clone());
                        if !strings.contains(&v) && constants < MAX_STRING_SEEDS {
                            strings.push(v);
                            constants += 1;
                        }
                    }
                    _ => {}
                }
            }
        }
        strings.insert(2, Value::Str(MIXED_TEXT.into()));
        // Then texts the class's regular expressions match (an address, a
        // number format), which the search cannot make through
        // `java.util.regex`; texts of the characters the method (or a helper
        // of its class) looks for: a separator between letters, doubled, two
        // of them in a row; a blank, a digit and two letters; and a scanner's
        // cases: each character it switches on with the ones its case
        // compares with ("SCH", "CIA").
        let texts = patterns::pattern_texts(class)
            .into_iter()
            .chain(chars::texts(&chars::compared_chars(class, method)))
            .chain([" ", "0", "ab"].map(String::from))
            .chain(chars::scanner_texts(class, method));
        for text in texts {
            let v = Value::Str(text);
            if !strings.contains(&v) {
                strings.push(v);
            }
        }
        // Small magnitudes first: a reader prefers them, and loops run shorter.
        ints.sort_by_key(|v| (v.unsigned_abs(), *v < 0));
        Pools {
            ints,
            floats,
            strings,
        }
    }

    /// Adds the names of the constants of each enum whose `Class` `code`
    /// loads (`Enum.valueOf(Color.class, name)`, an enum's own `valueOf`)
    /// to the string seeds, after the method's own strings: only those
    /// names make such a lookup return.
    pub(super) fn add_enum_names(&mut self, cp: &ClassPath, code: &Code) {
        for insn in &code.instructions {
            let Op::Const(c) = &insn.op else {
                continue;
            };
            let Constant::Class(JType::Object(name)) = c.as_ref() else {
                continue;
            };
            for constant in crate::enums::constants(cp, name).unwrap_or_default() {
                let v = Value::Str(constant.name);
                if !self.strings.contains(&v) {
                    self.strings.push(v);
                }
            }
        }
    }

    /// Adds `names`, those the JDK lookups of the method accept (a charset,
    /// a digest; [`super::names`]), to the string seeds, right after `""`
    /// and `"a"`: every other text makes such a method throw.
    pub(super) fn add_looked_up_names(&mut self, names: &[&str]) {
        let at = self.strings.len().min(2);
        let new: Vec<Value> = names
            .iter()
            .map(|n| Value::Str((*n).into()))
            .filter(|v| !self.strings.contains(v))
            .collect();
        self.strings.splice(at..at, new);
    }

    /// The seeds of a value of type `ty`: its pool, or an enum's constants
    /// then null; `None` for another reference type.
    pub(super) fn scalars(&self, cp: &ClassPath, ty: &JType) -> Option<Vec<Value>> {
        Some(match ty {
            JType::Boolean => vec![Value::Bool(false), Value::Bool(true)],
            JType::Int | JType::Long => self.ints.iter().map(|&v| Value::Int(v)).collect(),
            JType::Float | JType::Double => self.floats.iter().map(|&v| Value::Float(v)).collect(),
            JType::Short | JType::Byte | JType::Char => self
                .ints
                .iter()
                .copied()
                .filter(|&v| in_range(ty, v))
                .map(Value::Int)
                .collect(),
            JType::Object(name) if STRING_TYPES.contains(&name.as_str()) => self.strings.clone(),
            // An enum: each of its constants, then null.
            JType::Object(name) => {
                let mut d: Vec<Value> = crate::enums::constants(cp, name)?
                    .into_iter()
                    .map(|c| Value::Enum {
                        class: crate::classfile::descriptor::java_name(name),
                        constant: c.name,
                    })
                    .collect();
                d.push(Value::Null);
                d
            }
            _ => return None,
        })
    }
}

/// Whether `v` is a value of the integral type `ty` (`byte`, `short` and
/// `char` are narrower than their seeds).
fn in_range(ty: &JType, v: i64) -> bool {
    match ty {
        JType::Byte => i8::try_from(v).is_ok(),
        JType::Short => i16::try_from(v).is_ok(),
        JType::Char => u16::try_from(v).is_ok(),
        _ => true,
    }
}
