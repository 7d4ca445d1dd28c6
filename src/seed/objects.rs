//! Objects a seed gives: instances of a program class with their fields as
//! its constructors would set them from constants.
//!
//! The harness builds every object of a state without running a
//! constructor (`Unsafe.allocateInstance`, `docs/replay.md`), so an object
//! whose fields are all at their defaults is often one no caller could
//! make: commons-codec's `Soundex` with a null `soundexMapping` throws a
//! `NullPointerException` at the first letter. The state model has no
//! "made by this constructor" object, so instead the constructor's effect
//! is computed here and written as field values: the straight-line start
//! of the constructor (and of the constructors it delegates to with
//! `this(...)` or `super(...)`) is evaluated over constants — `ldc`,
//! `iconst`, the class's static fields as its `<clinit>` sets them on its
//! own straight-line start, `String.toCharArray()` of a constant, small
//! arrays filled with constants — and every `putfield` to `this` of a
//! known value is kept. The evaluation stops at the first branch,
//! arithmetic or other instruction it does not follow; fields not set by
//! then keep their defaults (JVMS §2.3, §2.4).
//!
//! Besides the no-argument constructor, the instances a class's own
//! `<clinit>` makes with constant arguments (`Soundex.US_ENGLISH_SIMPLIFIED
//! = new Soundex(MAPPING, false)`) are candidates too. Nothing here is a
//! claim: the object is a seed, and the JVM's replay of it is what counts.

use std::collections::HashMap;

use crate::classfile::bytecode::{ArrayElem, Constant, InvokeKind, StackOp};
use crate::classfile::{Class, FieldConstant, JType, Method, Op};
use crate::classpath::{is_jdk_class, ClassPath};
use crate::labeling::{FieldValue, Object, Value};

/// Instructions one class's evaluation follows, at most (its `<clinit>`
/// and constructors together).
const STEPS: usize = 20_000;

/// Constructors nested through `this(...)` and `super(...)`, at most.
const DEPTH: u32 = 4;

/// The longest array the evaluation builds.
const MAX_ARRAY: i64 = 4096;

/// An object graph a seed gives: `objects[0]` is the instance, and each
/// `Value::Ref` in it indexes `objects` (the arrays its fields hold).
pub type Graph = Vec<Object>;

/// Instances of the class `name` (internal name) a seed may give, most
/// plausible first, at most `limit`: as its no-argument constructor makes
/// it (or, without one, the constructor with the fewest parameters, given
/// unknown arguments), then as its `<clinit>` makes its own instances,
/// then with every field at its default. Empty for an interface, an
/// abstract class or a class that cannot be loaded.
pub fn instances(cp: &ClassPath, name: &str, limit: usize) -> Vec<Graph> {
    let Ok(class) = cp.load(name) else {
        return Vec::new();
    };
    if class.is_interface() || class.is_abstract() {
        return Vec::new();
    }
    let mut eval = Eval::new(cp, &class);
    let mut recipes: Vec<(String, Vec<Known>)> = Vec::new();
    let ctor = class.method("<init>", "()V").or_else(|| {
        class
            .methods
            .iter()
            .filter(|m| m.name == "<init>")
            .min_by_key(|m| m.desc.params.len())
    });
    if let Some(m) = ctor {
        let args = vec![Known::Unknown; m.desc.params.len()];
        recipes.push((m.descriptor.clone(), args));
    }
    recipes.extend(eval.recipes.clone());
    let mut out: Vec<Graph> = Vec::new();
    for (descriptor, args) in recipes {
        if out.len() >= limit {
            break;
        }
        let Some(m) = class.method("<init>", &descriptor) else {
            continue;
        };
        let mut fields = HashMap::new();
        eval.construct(m, args, &mut fields, 0);
        let graph = eval.graph(&class, &fields);
        if !out.contains(&graph) {
            out.push(graph);
        }
    }
    let plain = eval.graph(&class, &HashMap::new());
    if out.len() < limit && !out.contains(&plain) {
        out.push(plain);
    }
    out
}

/// An instance of `name` with every field at its default: what the harness
/// allocates (and a constructor under test starts from).
pub fn allocated(cp: &ClassPath, name: &str) -> Option<Graph> {
    let class = cp.load(name).ok()?;
    Some(Eval::new(cp, &class).graph(&class, &HashMap::new()))
}

/// What the evaluation knows of a value on the operand stack or in a local.
#[derive(Debug, Clone, PartialEq)]
enum Known {
    Unknown,
    /// The object under construction.
    This,
    /// A scalar, a string or null.
    Value(Value),
    /// An array the evaluation built, by index in [`Eval::arrays`].
    Array(usize),
    /// An object `new` made (its fields are not followed).
    Fresh,
}

/// Fields of the object under construction set so far, by name.
type Fields = HashMap<String, Known>;

/// The evaluation of one class's constructors and `<clinit>`.
struct Eval<'a> {
    cp: &'a ClassPath,
    /// The class whose statics are known.
    class: String,
    /// Its static fields as `<clinit>` left them (what was followed).
    statics: HashMap<String, Known>,
    /// Its instances `<clinit>` makes: constructor descriptor and arguments.
    recipes: Vec<(String, Vec<Known>)>,
    /// Arrays built: their type (Java form, `char[]`) and elements.
    arrays: Vec<(String, Vec<Value>)>,
    steps: usize,
}

/// Where the evaluation of one method stores what it learns.
enum Frame<'f> {
    /// A constructor: the fields of `this`.
    Constructor(&'f mut Fields),
    /// `<clinit>` of the class: its statics and instances.
    Initializer,
}

impl<'a> Eval<'a> {
    /// Evaluates `class`'s `<clinit>` (its straight-line start) first.
    fn new(cp: &'a ClassPath, class: &Class) -> Eval<'a> {
        let mut eval = Eval {
            cp,
            class: class.name.clone(),
            statics: HashMap::new(),
            recipes: Vec::new(),
            arrays: Vec::new(),
            steps: 0,
        };
        for f in class.fields.iter().filter(|f| f.is_static()) {
            if let Some(FieldConstant::Value(c)) = &f.constant {
                let k = constant(c);
                eval.statics.insert(f.name.clone(), k);
            }
        }
        if let Some(clinit) = class.method("<clinit>", "()V") {
            eval.run(clinit, Vec::new(), &mut Frame::Initializer, 0);
        }
        eval
    }

    /// Runs constructor `m` on `this` with `args`, into `fields`.
    fn construct(&mut self, m: &Method, args: Vec<Known>, fields: &mut Fields, depth: u32) {
        let mut locals = vec![Known::This];
        for (ty, a) in m.desc.params.iter().zip(args) {
            locals.push(a);
            if ty.size() == 2 {
                locals.push(Known::Unknown);
            }
        }
        self.run(m, locals, &mut Frame::Constructor(fields), depth);
    }

    /// Follows `m`'s straight-line start until a return or an instruction
    /// it does not follow.
    fn run(&mut self, m: &Method, mut locals: Vec<Known>, frame: &mut Frame<'_>, depth: u32) {
        let Some(code) = &m.code else { return };
        let mut stack: Vec<Known> = Vec::new();
        for insn in &code.instructions {
            self.steps += 1;
            if self.steps > STEPS {
                return;
            }
            let pop = |stack: &mut Vec<Known>| stack.pop().unwrap_or(Known::Unknown);
            match &insn.op {
                Op::Nop | Op::CheckCast(_) => {}
                Op::Const(c) => stack.push(constant(c)),
                Op::Load(_, slot) => stack.push(
                    locals
                        .get(usize::from(*slot))
                        .cloned()
                        .unwrap_or(Known::Unknown),
                ),
                Op::Store(_, slot) => {
                    let v = pop(&mut stack);
                    let slot = usize::from(*slot);
                    if locals.len() <= slot {
                        locals.resize(slot + 1, Known::Unknown);
                    }
                    locals[slot] = v;
                }
                Op::Stack(StackOp::Dup) => {
                    let top = stack.last().cloned().unwrap_or(Known::Unknown);
                    stack.push(top);
                }
                Op::Stack(StackOp::Pop) => {
                    pop(&mut stack);
                }
                Op::GetStatic(f) => stack.push(if f.class == self.class {
                    self.statics.get(&f.name).cloned().unwrap_or(Known::Unknown)
                } else {
                    Known::Unknown
                }),
                Op::PutStatic(f) => {
                    let v = pop(&mut stack);
                    if matches!(frame, Frame::Initializer) && f.class == self.class {
                        self.statics.insert(f.name.clone(), v);
                    }
                }
                Op::GetField(f) => {
                    let obj = pop(&mut stack);
                    stack.push(match (&obj, &*frame) {
                        (Known::This, Frame::Constructor(fields)) => {
                            fields.get(&f.name).cloned().unwrap_or(Known::Unknown)
                        }
                        _ => Known::Unknown,
                    });
                }
                Op::PutField(f) => {
                    let v = pop(&mut stack);
                    if let (Known::This, Frame::Constructor(fields)) =
                        (pop(&mut stack), &mut *frame)
                    {
                        fields.insert(f.name.clone(), v);
                    }
                }
                Op::Invoke(kind, mref) => {
                    let n = mref.desc.params.len();
                    let args = stack.split_off(stack.len().saturating_sub(n));
                    let receiver = (*kind != InvokeKind::Static).then(|| pop(&mut stack));
                    let result = match (kind, mref.name.as_str(), receiver) {
                        (InvokeKind::Special, "<init>", Some(Known::This)) => {
                            if let Frame::Constructor(fields) = frame {
                                self.delegate(&mref.class, &mref.descriptor, args, fields, depth);
                            }
                            None
                        }
                        (InvokeKind::Special, "<init>", Some(Known::Fresh)) => {
                            // `new C(...)` in C's own `<clinit>`: an instance
                            // the class itself makes.
                            if matches!(frame, Frame::Initializer) && mref.class == self.class {
                                self.recipes.push((mref.descriptor.clone(), args));
                            }
                            None
                        }
                        (_, "toCharArray", Some(Known::Value(Value::Str(s))))
                            if mref.class == "java/lang/String" =>
                        {
                            let units = s.encode_utf16().map(|u| Value::Int(i64::from(u)));
                            self.arrays.push(("char[]".into(), units.collect()));
                            Some(Known::Array(self.arrays.len() - 1))
                        }
                        _ => Some(Known::Unknown),
                    };
                    if mref.desc.ret != JType::Void {
                        stack.push(result.unwrap_or(Known::Unknown));
                    }
                }
                Op::New(_) => stack.push(Known::Fresh),
                Op::NewArray(elem) => {
                    let len = pop(&mut stack);
                    stack.push(
                        self.new_array(&format!("{}[]", elem_type(*elem)), &len, || {
                            Value::default_of(&elem_jtype(*elem))
                        }),
                    );
                }
                Op::ANewArray(ty) => {
                    let len = pop(&mut stack);
                    stack.push(self.new_array(&format!("{ty}[]"), &len, || Value::Null));
                }
                Op::ArrayStore(_) => {
                    let (v, i, a) = (pop(&mut stack), pop(&mut stack), pop(&mut stack));
                    if let (Known::Array(a), Known::Value(Value::Int(i)), Known::Value(v)) =
                        (a, i, v)
                    {
                        if let Some(slot) = usize::try_from(i)
                            .ok()
                            .and_then(|i| self.arrays[a].1.get_mut(i))
                        {
                            *slot = v;
                        }
                    }
                }
                // A return ends the start; anything else (a branch,
                // arithmetic, a wide stack operation) is not followed.
                _ => return,
            }
        }
    }

    /// `this(...)` or `super(...)`: the constructor of a program class is
    /// followed on the same `this`; the JDK's (`Object`'s) are not.
    fn delegate(
        &mut self,
        owner: &str,
        descriptor: &str,
        args: Vec<Known>,
        fields: &mut Fields,
        depth: u32,
    ) {
        if depth >= DEPTH || is_jdk_class(owner) {
            return;
        }
        let Ok(class) = self.cp.load(owner) else {
            return;
        };
        if let Some(m) = class.method("<init>", descriptor) {
            self.construct(m, args, fields, depth + 1);
        }
    }

    /// A new array of `ty` with `len` elements from `default`.
    fn new_array(&mut self, ty: &str, len: &Known, default: impl Fn() -> Value) -> Known {
        match len {
            Known::Value(Value::Int(n)) if (0..=MAX_ARRAY).contains(n) => {
                self.arrays
                    .push((ty.to_string(), (0..*n).map(|_| default()).collect()));
                Known::Array(self.arrays.len() - 1)
            }
            _ => Known::Unknown,
        }
    }

    /// The instance of `class` with `fields` set: every instance field,
    /// inherited ones first, known values where their type fits.
    fn graph(&self, class: &Class, fields: &Fields) -> Graph {
        let mut objects = vec![Object {
            id: 0,
            class: class.java_name(),
            built_by: crate::classpath::is_program_class(self.cp, &class.name)
                .then_some(crate::state::BuiltBy::Reflection),
            ..Object::default()
        }];
        let all = self.cp.instance_fields(&class.name).unwrap_or_default();
        let mut values = Vec::new();
        for f in all {
            let ty = &f.member.ty;
            let value = match fields.get(&f.member.name) {
                Some(Known::Value(v)) => fit(v, ty),
                Some(Known::Array(a)) if self.arrays[*a].0 == ty.to_string() => {
                    let (class, elements) = self.arrays[*a].clone();
                    let id = objects.len();
                    objects.push(Object {
                        id,
                        class,
                        elements: Some(elements),
                        ..Object::default()
                    });
                    Some(Value::Ref(id))
                }
                _ => None,
            };
            values.push(FieldValue {
                name: f.member.name.clone(),
                declared_in: f.class.java_name(),
                ty: ty.to_string(),
                value: value.unwrap_or_else(|| Value::default_of(ty)),
                // A seed runs no path: every field is what it gives.
                read: true,
            });
        }
        objects[0].fields = values;
        objects
    }
}

/// What a constant pushes.
fn constant(c: &Constant) -> Known {
    Known::Value(match c {
        Constant::Null => Value::Null,
        Constant::Int(v) => Value::Int(i64::from(*v)),
        Constant::Long(v) => Value::Int(*v),
        Constant::Float(v) => Value::Float(f64::from(*v)),
        Constant::Double(v) => Value::Float(*v),
        Constant::String(s) => Value::Str(s.clone()),
        _ => return Known::Unknown,
    })
}

/// `v` as a value of a field of type `ty`, when it is one (an `int`
/// constant stored in a `boolean` field is `false` or `true`).
fn fit(v: &Value, ty: &JType) -> Option<Value> {
    Some(match (v, ty) {
        (Value::Int(i), JType::Boolean) => Value::Bool(*i != 0),
        (Value::Int(i), JType::Float | JType::Double) => Value::Float(*i as f64),
        (Value::Int(_), t) if !t.is_reference() && !matches!(t, JType::Float | JType::Double) => {
            v.clone()
        }
        (Value::Float(_), JType::Float | JType::Double) => v.clone(),
        (Value::Null, t) if t.is_reference() => Value::Null,
        (Value::Str(_), JType::Object(name))
            if matches!(
                name.as_str(),
                "java/lang/String" | "java/lang/CharSequence" | "java/lang/Object"
            ) =>
        {
            v.clone()
        }
        _ => return None,
    })
}

/// The Java name of a primitive array's element type.
fn elem_type(elem: ArrayElem) -> String {
    elem_jtype(elem).to_string()
}

fn elem_jtype(elem: ArrayElem) -> JType {
    match elem {
        ArrayElem::Boolean | ArrayElem::ByteOrBoolean => JType::Boolean,
        ArrayElem::Byte => JType::Byte,
        ArrayElem::Char => JType::Char,
        ArrayElem::Short => JType::Short,
        ArrayElem::Int => JType::Int,
        ArrayElem::Long => JType::Long,
        ArrayElem::Float => JType::Float,
        ArrayElem::Double => JType::Double,
        ArrayElem::Ref => JType::Object("java/lang/Object".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_fits_a_field_only_of_its_type() {
        let int = Value::Int(1);
        assert_eq!(fit(&int, &JType::Boolean), Some(Value::Bool(true)));
        assert_eq!(fit(&int, &JType::Char), Some(int.clone()));
        assert_eq!(fit(&int, &JType::Double), Some(Value::Float(1.0)));
        let text = Value::Str("x".into());
        let string = JType::Object("java/lang/String".into());
        assert_eq!(fit(&text, &string), Some(text.clone()));
        assert_eq!(fit(&text, &JType::Object("java/util/List".into())), None);
        assert_eq!(fit(&text, &JType::Int), None);
        assert_eq!(fit(&Value::Null, &string), Some(Value::Null));
        assert_eq!(fit(&Value::Null, &JType::Int), None);
    }
}
