//! The concolic interpreter: runs a method on concrete inputs as the JVM
//! would (JVMS §6, the instruction set; §2.10, exceptions), carrying beside
//! every `int` and `long` the term that computes it from the inputs, and
//! recording each decision whose outcome depends on them (the path
//! condition of DART, Godefroid et al., PLDI 2005; Pex's dynamic symbolic
//! execution).
//!
//! Objects are those the method allocates, so every reference is concrete;
//! `float` and `double` values are concrete only. Where a symbolic value
//! must be made concrete (an array index, an array length), the run records
//! that it equals its value on this run, as a decision the search may not
//! flip. A call is run into its bytecode; an instruction or call this
//! interpreter does not model ends the run with a typed reason rather than
//! a guess, and nothing it computes is a verdict: every input the search
//! proposes is replayed in the JVM.

use std::collections::HashMap;
use std::sync::Arc;

use super::exprs::Exprs;
use super::fitness::{branch_distance, Distances, Fitness};
use crate::assertions::Assertions;
use crate::classfile::bytecode::{
    ArrayElem, BinOp, CmpOp, Cond, Constant, Conversion, InvokeKind, Kind, StackOp,
};
use crate::classfile::{Class, JType, Method, Op, Pc};
use crate::classpath::ClassPath;
use crate::model::term::{BvCmp, BvOp, TermId};
use crate::search::Goal;

/// Instructions one run may execute (all frames), at most.
pub const STEPS: u64 = 200_000;

/// Decisions one run records, at most: past them the run goes on but its
/// path condition is cut (a prefix of a path condition is still one, and
/// the solver is not handed a million-conjunct formula).
pub const MAX_DECISIONS: usize = 1_000;

/// Terms the whole search may make, at most: a loop that adds a symbolic
/// value each iteration makes one per iteration.
pub const MAX_TERMS: usize = 1_000_000;

/// The deepest term a value may carry: a deeper result is kept concrete
/// (the solver lowers terms recursively; a loop adding a symbolic value a
/// hundred thousand times would make a term that deep).
pub const MAX_TERM_DEPTH: u32 = 400;

/// Calls one run may nest, at most.
const MAX_DEPTH: u32 = 64;

/// A concrete value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Conc {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    /// An object of the run's heap, by index; `None` is null.
    Ref(Option<usize>),
}

/// A concrete value and, for an `int` or `long` that depends on the
/// inputs, the term that computes it.
#[derive(Debug, Clone, Copy)]
pub struct Val {
    pub conc: Conc,
    pub sym: Option<TermId>,
}

impl Val {
    pub fn concrete(conc: Conc) -> Val {
        Val { conc, sym: None }
    }

    fn wide(&self) -> bool {
        matches!(self.conc, Conc::Long(_) | Conc::Double(_))
    }

    fn int(&self) -> Result<i32, Stop> {
        match self.conc {
            Conc::Int(v) => Ok(v),
            other => Err(Stop::unsupported(format!(
                "expected an int, found {other:?}"
            ))),
        }
    }

    fn reference(&self) -> Result<Option<usize>, Stop> {
        match self.conc {
            Conc::Ref(r) => Ok(r),
            other => Err(Stop::unsupported(format!(
                "expected a reference, found {other:?}"
            ))),
        }
    }
}

/// A decision of the run that depends on the inputs.
#[derive(Debug, Clone, Copy)]
pub struct Decision {
    /// The condition as it held on this run.
    pub cond: TermId,
    pub site: Site,
    /// False for a concretization (an index, a length): the search keeps it
    /// and never asks for the other side.
    pub flippable: bool,
}

/// Where a decision was taken and which way it went: what the search
/// keeps statistics on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Site {
    /// The method, as numbered by the [`Machine`].
    pub method: u32,
    pub pc: Pc,
    /// The successor taken (its pc), or 0/1 for an exception check.
    pub outcome: Pc,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The goal was met; the run stops there.
    Met,
    /// The method returned.
    Returned,
    /// The method threw an exception of this class (internal name).
    Threw(String),
    /// The run executed [`STEPS`] instructions.
    RanAway,
    /// The run met something the interpreter does not model.
    Unsupported(String),
}

/// One run: its decisions in order, how it ended, how close it came.
#[derive(Debug, Clone)]
pub struct Run {
    pub decisions: Vec<Decision>,
    pub end: End,
    pub fitness: Fitness,
}

/// Why a frame stopped before returning or throwing.
#[derive(Debug)]
enum Stop {
    Met,
    RanAway,
    Unsupported(String),
}

impl Stop {
    fn unsupported(what: impl Into<String>) -> Stop {
        Stop::Unsupported(what.into())
    }
}

/// How a frame ended.
enum Flow {
    Return(Option<Val>),
    /// An exception object, by heap index.
    Throw(usize),
}

enum Obj {
    Instance {
        class: String,
        fields: HashMap<u32, Val>,
    },
    Array {
        /// The array's descriptor (`[I`).
        ty: String,
        elems: Vec<Val>,
        len_sym: Option<TermId>,
    },
}

impl Obj {
    /// A new object of `class`, its fields at their defaults.
    fn instance(class: &str) -> Obj {
        Obj::Instance {
            class: class.to_string(),
            fields: HashMap::new(),
        }
    }

    fn class(&self) -> &str {
        match self {
            Obj::Instance { class, .. } => class,
            Obj::Array { ty, .. } => ty,
        }
    }
}

/// What one run changes.
struct RunState {
    heap: Vec<Obj>,
    steps: u64,
    decisions: Vec<Decision>,
    fitness: Fitness,
    /// Static fields of the classes the run initialized, by field id.
    statics: HashMap<u32, Val>,
    /// Classes whose initialization has begun (JVMS §5.5).
    initialized: std::collections::HashSet<String>,
    /// Classes whose initializer stopped on something not modelled, and
    /// why: their static fields are not read.
    uninitialized: HashMap<String, String>,
    /// The `Class` objects `ldc` pushed (opaque objects of the heap, by
    /// index), and the type each stands for.
    class_objects: HashMap<usize, JType>,
}

/// A call site's method reference, kind, and (for a virtual or interface
/// call) the receiver's class: what the method it runs depends on.
type CallKey = (String, String, String, InvokeKind, String);

impl RunState {
    /// Puts `obj` on the run's heap: its index.
    fn heap_index(&mut self, obj: Obj) -> usize {
        self.heap.push(obj);
        self.heap.len() - 1
    }

    /// Puts `obj` on the run's heap: a reference to it.
    fn alloc(&mut self, obj: Obj) -> Val {
        Val::concrete(Conc::Ref(Some(self.heap_index(obj))))
    }
}

/// The interpreter of one target: the class path, the goal and its
/// distances, the terms, and what it has resolved so far (kept across
/// runs).
pub struct Machine<'a> {
    cp: &'a ClassPath,
    /// Class, name and descriptor of the method under test.
    target: (String, String, String),
    goal: Goal,
    /// Whether the program's `assert`s run: what each class's
    /// `desiredAssertionStatus()` answers.
    assertions: Assertions,
    distances: Distances,
    pub exprs: Exprs,
    methods: HashMap<String, u32>,
    /// Field references resolved so far: their id (one per declaring
    /// class and name) and declaring class.
    fields: HashMap<(String, String), (u32, String)>,
    calls: HashMap<CallKey, (Arc<Class>, usize)>,
}

impl<'a> Machine<'a> {
    pub fn new(
        cp: &'a ClassPath,
        class: &Class,
        method: &Method,
        goal: &Goal,
        assertions: Assertions,
    ) -> Option<Machine<'a>> {
        let code = method.code.as_ref()?;
        Some(Machine {
            cp,
            target: (
                class.name.clone(),
                method.name.clone(),
                method.descriptor.clone(),
            ),
            goal: goal.clone(),
            assertions,
            distances: Distances::new(code, goal),
            exprs: Exprs::default(),
            methods: HashMap::new(),
            fields: HashMap::new(),
            calls: HashMap::new(),
        })
    }

    /// Runs the method under test on `args` (its receiver first, if any).
    pub fn run(&mut self, class: &Arc<Class>, method: &Method, args: Vec<Val>) -> Run {
        let mut st = RunState {
            heap: Vec::new(),
            steps: 0,
            decisions: Vec::new(),
            fitness: Fitness::WORST,
            statics: HashMap::new(),
            initialized: std::collections::HashSet::new(),
            uninitialized: HashMap::new(),
            class_objects: HashMap::new(),
        };
        let end = match self.frame(&mut st, class, method, args, 0) {
            Ok(Flow::Return(_)) => End::Returned,
            Ok(Flow::Throw(obj)) => {
                let thrown = st.heap[obj].class().to_string();
                match &self.goal {
                    Goal::Throws(wanted)
                        if self.cp.is_assignable(&thrown, wanted).unwrap_or(false) =>
                    {
                        End::Met
                    }
                    _ => End::Threw(thrown),
                }
            }
            Err(Stop::Met) => End::Met,
            Err(Stop::RanAway) => End::RanAway,
            Err(Stop::Unsupported(why)) => End::Unsupported(why),
        };
        let fitness = if end == End::Met {
            Fitness::MET
        } else {
            st.fitness
        };
        Run {
            decisions: st.decisions,
            end,
            fitness,
        }
    }

    fn method_id(&mut self, class: &str, method: &Method) -> u32 {
        let key = format!("{class}.{}{}", method.name, method.descriptor);
        let next = self.methods.len() as u32;
        *self.methods.entry(key).or_insert(next)
    }

    /// The field `class.name` refers to (JVMS §5.4.3.2): its id, the same
    /// for every reference that resolves to it, and its declaring class.
    fn field(&mut self, class: &str, name: &str) -> Result<(u32, String), Stop> {
        let key = (class.to_string(), name.to_string());
        if let Some(found) = self.fields.get(&key) {
            return Ok(found.clone());
        }
        let declaring = match self.cp.resolve_field(class, name) {
            Ok(Some(found)) => found.class.name.clone(),
            Ok(None) => return Err(Stop::unsupported(format!("no field {class}.{name}"))),
            Err(e) => return Err(Stop::unsupported(e.to_string())),
        };
        let own = (declaring.clone(), name.to_string());
        let id = match self.fields.get(&own) {
            Some((id, _)) => *id,
            None => self.fields.len() as u32,
        };
        self.fields.insert(own, (id, declaring.clone()));
        self.fields.insert(key, (id, declaring.clone()));
        Ok((id, declaring))
    }

    fn frame(
        &mut self,
        st: &mut RunState,
        class: &Arc<Class>,
        method: &Method,
        args: Vec<Val>,
        depth: u32,
    ) -> Result<Flow, Stop> {
        let Some(code) = method.code.as_ref() else {
            return Err(Stop::unsupported(format!(
                "calls {}.{}{}, which has no bytecode",
                class.name, method.name, method.descriptor
            )));
        };
        let site = self.method_id(&class.name, method);
        let is_target = class.name == self.target.0
            && method.name == self.target.1
            && method.descriptor == self.target.2;
        let mut locals: Vec<Option<Val>> = vec![None; usize::from(code.max_locals).max(1)];
        let mut slot = 0;
        for a in args {
            let wide = a.wide();
            if slot < locals.len() {
                locals[slot] = Some(a);
            }
            slot += if wide { 2 } else { 1 };
        }
        let mut stack: Vec<Val> = Vec::new();
        let mut i = 0usize;
        let insns = &code.instructions;
        loop {
            st.steps += 1;
            if st.steps > STEPS {
                return Err(Stop::RanAway);
            }
            if self.exprs.terms.len() > MAX_TERMS {
                return Err(Stop::unsupported(format!(
                    "the search made more than {MAX_TERMS} terms"
                )));
            }
            let Some(insn) = insns.get(i) else {
                return Err(Stop::unsupported("control fell off the end of the code"));
            };
            let pc = insn.pc;
            if is_target && self.goal == Goal::Pc(pc) {
                return Err(Stop::Met);
            }
            let mut next = i + 1;
            let mut jump: Option<Pc> = None;
            let mut raise: Option<Raise> = None;
            macro_rules! pop {
                () => {
                    stack
                        .pop()
                        .ok_or_else(|| Stop::unsupported("operand stack underflow"))?
                };
            }
            match &insn.op {
                Op::Nop => {}
                Op::Const(c) => stack.push(match c.as_ref() {
                    Constant::Null => Val::concrete(Conc::Ref(None)),
                    Constant::Int(v) => Val::concrete(Conc::Int(*v)),
                    Constant::Long(v) => Val::concrete(Conc::Long(*v)),
                    Constant::Float(v) => Val::concrete(Conc::Float(*v)),
                    Constant::Double(v) => Val::concrete(Conc::Double(*v)),
                    // An opaque object: enough for a message handed to an
                    // exception's constructor; any call on it stops.
                    Constant::String(_) => new_text(st),
                    // An opaque object too, one per type as in the JVM,
                    // which only answers `desiredAssertionStatus`
                    // (`class_object_call`).
                    Constant::Class(ty) => {
                        let known = st.class_objects.iter().find(|(_, t)| *t == ty);
                        let o = match known {
                            Some((&o, _)) => o,
                            None => {
                                let o = st.heap_index(Obj::instance("java/lang/Class"));
                                st.class_objects.insert(o, ty.clone());
                                o
                            }
                        };
                        Val::concrete(Conc::Ref(Some(o)))
                    }
                    other => {
                        return Err(Stop::unsupported(format!("loads the constant {other:?}")))
                    }
                }),
                Op::Load(_, index) => {
                    let v = locals
                        .get(usize::from(*index))
                        .copied()
                        .flatten()
                        .ok_or_else(|| Stop::unsupported("reads an unset local"))?;
                    stack.push(v);
                }
                Op::Store(_, index) => {
                    let v = pop!();
                    let index = usize::from(*index);
                    if index >= locals.len() {
                        return Err(Stop::unsupported("writes past the locals"));
                    }
                    locals[index] = Some(v);
                }
                Op::Iinc { index, delta } => {
                    let index = usize::from(*index);
                    let v = locals
                        .get(index)
                        .copied()
                        .flatten()
                        .ok_or_else(|| Stop::unsupported("increments an unset local"))?;
                    let d = Val::concrete(Conc::Int(i32::from(*delta)));
                    locals[index] = Some(self.int_op(BinOp::Add, v, d)?);
                }
                Op::Stack(op) => stack_op(&mut stack, *op)?,
                Op::Binary(kind, op) => {
                    let b = pop!();
                    let a = pop!();
                    match kind {
                        Kind::Int | Kind::Long if matches!(op, BinOp::Div | BinOp::Rem) => {
                            let zero = matches!(b.conc, Conc::Int(0) | Conc::Long(0));
                            if let Some(s) = b.sym {
                                let width = if *kind == Kind::Int { 32 } else { 64 };
                                let z = self.exprs.constant(0, width);
                                let is_zero = self.exprs.eq(s, z);
                                let at = Site {
                                    method: site,
                                    pc,
                                    outcome: u32::from(zero),
                                };
                                self.record(st, at, is_zero, zero);
                            }
                            if zero {
                                raise = Some(Raise::New("java/lang/ArithmeticException"));
                            } else {
                                stack.push(self.arith(*kind, *op, a, b)?);
                            }
                        }
                        _ => stack.push(self.arith(*kind, *op, a, b)?),
                    }
                }
                Op::Neg(kind) => {
                    let a = pop!();
                    let conc = match a.conc {
                        Conc::Int(v) => Conc::Int(v.wrapping_neg()),
                        Conc::Long(v) => Conc::Long(v.wrapping_neg()),
                        Conc::Float(v) => Conc::Float(-v),
                        Conc::Double(v) => Conc::Double(-v),
                        Conc::Ref(_) => {
                            return Err(Stop::unsupported(format!(
                                "{kind:?} negation of a reference"
                            )))
                        }
                    };
                    let sym = a.sym.map(|s| self.exprs.neg(s));
                    stack.push(Val { conc, sym });
                }
                Op::Convert(c) => {
                    let a = pop!();
                    stack.push(self.convert(*c, a)?);
                }
                Op::Compare(op) => {
                    let b = pop!();
                    let a = pop!();
                    stack.push(self.compare(*op, a, b)?);
                }
                Op::If { cond, target } | Op::IfICmp { cond, target } => {
                    // `if<cond>` compares with zero, `if_icmp<cond>` with
                    // the value below.
                    let b = if matches!(insn.op, Op::If { .. }) {
                        Val::concrete(Conc::Int(0))
                    } else {
                        pop!()
                    };
                    let a = pop!();
                    let taken = self.decide(
                        st,
                        site,
                        is_target,
                        pc,
                        *cond,
                        a,
                        b,
                        *target,
                        insns.get(next).map(|n| n.pc),
                    )?;
                    if taken {
                        jump = Some(*target);
                    }
                }
                Op::IfACmp { cond, target } | Op::IfNull { cond, target } => {
                    let b = if matches!(insn.op, Op::IfNull { .. }) {
                        None
                    } else {
                        pop!().reference()?
                    };
                    let a = pop!().reference()?;
                    let holds = (a == b) == (*cond == Cond::Eq);
                    let fall = insns.get(next).map(|n| n.pc);
                    let (to, other) = if holds {
                        (Some(*target), fall)
                    } else {
                        (fall, Some(*target))
                    };
                    if is_target {
                        self.judge(st, to, &Vec::from_iter(other), 1);
                    }
                    if holds {
                        jump = Some(*target);
                    }
                }
                Op::Goto(target) => jump = Some(*target),
                Op::TableSwitch {
                    default,
                    low,
                    high,
                    targets,
                } => {
                    let key = pop!();
                    let k = key.int()?;
                    let cases: Vec<(i32, Pc)> =
                        (*low..=*high).zip(targets.iter().copied()).collect();
                    jump = Some(self.switch(st, site, is_target, pc, key, k, &cases, *default)?);
                }
                Op::LookupSwitch { default, pairs } => {
                    let key = pop!();
                    let k = key.int()?;
                    jump = Some(self.switch(st, site, is_target, pc, key, k, pairs, *default)?);
                }
                Op::Return(kind) => {
                    let v = match kind {
                        Some(_) => Some(pop!()),
                        None => None,
                    };
                    return Ok(Flow::Return(v));
                }
                Op::GetField(f) => {
                    let obj = pop!().reference()?;
                    match obj {
                        None => raise = Some(Raise::New("java/lang/NullPointerException")),
                        Some(o) => {
                            let (id, _) = self.field(&f.class, &f.name)?;
                            let v = match &st.heap[o] {
                                Obj::Instance { fields, .. } => fields
                                    .get(&id)
                                    .copied()
                                    .unwrap_or_else(|| default_of(&f.ty)),
                                Obj::Array { .. } => {
                                    return Err(Stop::unsupported("reads a field of an array"))
                                }
                            };
                            stack.push(v);
                        }
                    }
                }
                Op::PutField(f) => {
                    let v = pop!();
                    let obj = pop!().reference()?;
                    match obj {
                        None => raise = Some(Raise::New("java/lang/NullPointerException")),
                        Some(o) => {
                            let (id, _) = self.field(&f.class, &f.name)?;
                            match &mut st.heap[o] {
                                Obj::Instance { fields, .. } => {
                                    fields.insert(id, v);
                                }
                                Obj::Array { .. } => {
                                    return Err(Stop::unsupported("writes a field of an array"))
                                }
                            }
                        }
                    }
                }
                Op::GetStatic(f) => {
                    let (id, declaring) = self.static_field(f)?;
                    self.initialize(st, &declaring, depth)?;
                    initialized(st, &declaring, f)?;
                    let v = st.statics.get(&id).copied();
                    stack.push(v.unwrap_or_else(|| default_of(&f.ty)));
                }
                Op::PutStatic(f) => {
                    let v = pop!();
                    let (id, declaring) = self.static_field(f)?;
                    self.initialize(st, &declaring, depth)?;
                    initialized(st, &declaring, f)?;
                    st.statics.insert(id, v);
                }
                Op::New(name) => {
                    self.initialize(st, name, depth)?;
                    stack.push(st.alloc(Obj::instance(name)));
                }
                Op::NewArray(elem) => {
                    let len = pop!();
                    let ty = format!("[{}", elem_descriptor(*elem));
                    let fill = default_of_elem(*elem);
                    match self.new_array(st, site, pc, len, ty, fill)? {
                        Some(r) => stack.push(r),
                        None => raise = Some(Raise::New("java/lang/NegativeArraySizeException")),
                    }
                }
                Op::ANewArray(component) => {
                    let len = pop!();
                    let ty = format!("[{}", component.descriptor());
                    match self.new_array(st, site, pc, len, ty, Val::concrete(Conc::Ref(None)))? {
                        Some(r) => stack.push(r),
                        None => raise = Some(Raise::New("java/lang/NegativeArraySizeException")),
                    }
                }
                Op::ArrayLength => match pop!().reference()? {
                    None => raise = Some(Raise::New("java/lang/NullPointerException")),
                    Some(o) => match &st.heap[o] {
                        Obj::Array { elems, len_sym, .. } => stack.push(Val {
                            conc: Conc::Int(elems.len() as i32),
                            sym: *len_sym,
                        }),
                        Obj::Instance { .. } => {
                            return Err(Stop::unsupported("the length of an object"))
                        }
                    },
                },
                Op::ArrayLoad(_) => {
                    let index = pop!();
                    let arr = pop!().reference()?;
                    match self.element(st, site, pc, arr, index)? {
                        Ok((o, k)) => {
                            let v = self.load(st, site, pc, o, k, index);
                            stack.push(v);
                        }
                        Err(e) => raise = Some(Raise::New(e)),
                    }
                }
                Op::ArrayStore(elem) => {
                    let v = pop!();
                    let index = pop!();
                    let arr = pop!().reference()?;
                    match self.element(st, site, pc, arr, index)? {
                        Ok((o, k)) => {
                            let v =
                                self.narrow_element(*elem, st.heap[o].class().to_string(), v)?;
                            self.store(st, site, pc, o, k, index, v);
                        }
                        Err(e) => raise = Some(Raise::New(e)),
                    }
                }
                Op::CheckCast(ty) | Op::InstanceOf(ty) => {
                    let v = pop!();
                    let fits = match v.reference()? {
                        None => None,
                        Some(o) => Some(
                            self.cp
                                .is_assignable(st.heap[o].class(), &type_name(ty))
                                .map_err(|e| Stop::unsupported(e.to_string()))?,
                        ),
                    };
                    if matches!(insn.op, Op::InstanceOf(_)) {
                        stack.push(Val::concrete(Conc::Int(i32::from(fits == Some(true)))));
                    } else if fits == Some(false) {
                        raise = Some(Raise::New("java/lang/ClassCastException"));
                    } else {
                        stack.push(v);
                    }
                }
                Op::MonitorEnter | Op::MonitorExit => {
                    if pop!().reference()?.is_none() {
                        raise = Some(Raise::New("java/lang/NullPointerException"));
                    }
                }
                Op::AThrow => match pop!().reference()? {
                    None => raise = Some(Raise::New("java/lang/NullPointerException")),
                    Some(o) => raise = Some(Raise::Object(o)),
                },
                Op::Invoke(kind, mref) => {
                    let mut args = Vec::new();
                    for _ in &mref.desc.params {
                        args.push(pop!());
                    }
                    if *kind != InvokeKind::Static {
                        args.push(pop!());
                    }
                    args.reverse();
                    let receiver = if *kind == InvokeKind::Static {
                        None
                    } else {
                        match args[0].reference()? {
                            Some(o) => Some(o),
                            None => {
                                raise = Some(Raise::New("java/lang/NullPointerException"));
                                None
                            }
                        }
                    };
                    if raise.is_none() {
                        let runtime = receiver.map(|o| st.heap[o].class().to_string());
                        if let Some(o) = receiver.filter(|o| st.class_objects.contains_key(o)) {
                            stack.push(self.class_object_call(&st.class_objects[&o], mref)?);
                        } else if let Some(text) = opaque_text(st, mref, &args) {
                            if let Some(v) = text? {
                                stack.push(v);
                            }
                        } else if mref.name == "<init>" && self.trivial_constructor(&mref.class)? {
                            // Object's constructor, or a JDK exception's: what
                            // they set is not read by the method's decisions.
                        } else {
                            if depth >= MAX_DEPTH {
                                return Err(Stop::unsupported(format!(
                                    "calls nest deeper than {MAX_DEPTH}"
                                )));
                            }
                            let (callee_class, index) =
                                self.resolve(*kind, mref, runtime.as_deref())?;
                            if *kind == InvokeKind::Static {
                                self.initialize(st, &callee_class.name.clone(), depth)?;
                            }
                            let callee = &callee_class.methods[index];
                            match self.frame(st, &callee_class, callee, args, depth + 1)? {
                                Flow::Return(Some(v)) => stack.push(v),
                                Flow::Return(None) => {}
                                Flow::Throw(o) => raise = Some(Raise::Object(o)),
                            }
                        }
                    }
                }
                // Java 9's string concatenation (JLS §15.18.1): an opaque
                // string, see `opaque_text`.
                Op::InvokeDynamic { name, desc, .. } if name == "makeConcatWithConstants" => {
                    for _ in &desc.params {
                        pop!();
                    }
                    stack.push(new_text(st));
                }
                Op::Jsr(_) | Op::Ret(_) | Op::InvokeDynamic { .. } | Op::MultiANewArray(..) => {
                    return Err(Stop::unsupported(format!(
                        "executes {}",
                        crate::classfile::bytecode::MNEMONICS[usize::from(insn.opcode)]
                    )));
                }
            }
            if let Some(r) = raise {
                let obj = match r {
                    Raise::Object(o) => o,
                    Raise::New(class) => st.heap_index(Obj::instance(class)),
                };
                let thrown = st.heap[obj].class().to_string();
                let mut handler = None;
                for h in &code.handlers {
                    if !h.covers(pc) {
                        continue;
                    }
                    let catches = match &h.catch_type {
                        None => true,
                        Some(c) => self
                            .cp
                            .is_assignable(&thrown, c)
                            .map_err(|e| Stop::unsupported(e.to_string()))?,
                    };
                    if catches {
                        handler = Some(h.handler);
                        break;
                    }
                }
                match handler {
                    Some(h) => {
                        stack.clear();
                        stack.push(Val::concrete(Conc::Ref(Some(obj))));
                        jump = Some(h);
                    }
                    None => return Ok(Flow::Throw(obj)),
                }
            }
            if let Some(target) = jump {
                if is_target {
                    if let Goal::Edge { from, to } = self.goal {
                        if from == pc && to == target {
                            return Err(Stop::Met);
                        }
                    }
                }
                next = code.index_of(target).ok_or_else(|| {
                    Stop::unsupported(format!("jumps to {target}, not an instruction"))
                })?;
            } else if is_target {
                if let (Goal::Edge { from, to }, Some(n)) = (&self.goal, insns.get(next)) {
                    if *from == pc && *to == n.pc {
                        return Err(Stop::Met);
                    }
                }
            }
            i = next;
        }
    }
}

/// An exception to raise: a new one of a class, or an object of the heap.
enum Raise {
    New(&'static str),
    Object(usize),
}

impl Machine<'_> {
    /// `a op b` on two ints (`iinc`, and the int cases of [`Self::arith`]).
    fn int_op(&mut self, op: BinOp, a: Val, b: Val) -> Result<Val, Stop> {
        self.arith(Kind::Int, op, a, b)
    }

    /// Binary arithmetic with Java's semantics (JLS §15.17–15.19): ints and
    /// longs wrap and their shifts take the low 5 or 6 bits of the count;
    /// float and double results are concrete only.
    fn arith(&mut self, kind: Kind, op: BinOp, a: Val, b: Val) -> Result<Val, Stop> {
        let conc = match (a.conc, b.conc) {
            (Conc::Int(x), Conc::Int(y)) => Conc::Int(match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => x.wrapping_div(y),
                BinOp::Rem => x.wrapping_rem(y),
                BinOp::Shl => x.wrapping_shl(y as u32 & 31),
                BinOp::Shr => x.wrapping_shr(y as u32 & 31),
                BinOp::Ushr => ((x as u32) >> (y as u32 & 31)) as i32,
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
            }),
            (Conc::Long(x), Conc::Long(y)) => Conc::Long(match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => x.wrapping_div(y),
                BinOp::Rem => x.wrapping_rem(y),
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
                _ => return Err(Stop::unsupported("a long shift by a long")),
            }),
            (Conc::Long(x), Conc::Int(y)) => Conc::Long(match op {
                BinOp::Shl => x.wrapping_shl(y as u32 & 63),
                BinOp::Shr => x.wrapping_shr(y as u32 & 63),
                BinOp::Ushr => ((x as u64) >> (y as u32 & 63)) as i64,
                _ => return Err(Stop::unsupported("long arithmetic with an int")),
            }),
            (Conc::Float(x), Conc::Float(y)) => Conc::Float(ieee(op, x, y)?),
            (Conc::Double(x), Conc::Double(y)) => Conc::Double(ieee(op, x, y)?),
            _ => {
                return Err(Stop::unsupported(format!(
                    "{kind:?} arithmetic on mismatched operands"
                )))
            }
        };
        let sym = match (a.sym, b.sym, conc) {
            (None, None, _) | (_, _, Conc::Float(_) | Conc::Double(_) | Conc::Ref(_)) => None,
            _ => {
                let x = self.term(a);
                let mut y = self.term(b);
                let width = if matches!(conc, Conc::Long(_)) {
                    64
                } else {
                    32
                };
                let shift = matches!(op, BinOp::Shl | BinOp::Shr | BinOp::Ushr);
                if shift {
                    if width == 64 {
                        y = self.exprs.sign_ext(32, y);
                    }
                    let mask = self.exprs.constant(i64::from(width) - 1, width);
                    y = self.exprs.bin(BvOp::And, y, mask);
                }
                let op = match op {
                    BinOp::Add => BvOp::Add,
                    BinOp::Sub => BvOp::Sub,
                    BinOp::Mul => BvOp::Mul,
                    BinOp::Div => BvOp::SDiv,
                    BinOp::Rem => BvOp::SRem,
                    BinOp::Shl => BvOp::Shl,
                    BinOp::Shr => BvOp::AShr,
                    BinOp::Ushr => BvOp::LShr,
                    BinOp::And => BvOp::And,
                    BinOp::Or => BvOp::Or,
                    BinOp::Xor => BvOp::Xor,
                };
                let t = self.exprs.bin(op, x, y);
                (self.exprs.depth(t) <= MAX_TERM_DEPTH).then_some(t)
            }
        };
        Ok(Val { conc, sym })
    }

    /// The term of an int or long: its symbolic part, or its constant.
    fn term(&mut self, v: Val) -> TermId {
        if let Some(s) = v.sym {
            return s;
        }
        match v.conc {
            Conc::Int(x) => self.exprs.constant(i64::from(x), 32),
            Conc::Long(x) => self.exprs.constant(x, 64),
            _ => self.exprs.constant(0, 32),
        }
    }

    /// Primitive conversions (JVMS §2.11.4); Rust's `as` saturates and
    /// takes NaN to zero as Java's float-to-integer casts do.
    fn convert(&mut self, c: Conversion, a: Val) -> Result<Val, Stop> {
        let (conc, sym) = match (c, a.conc) {
            (Conversion::I2L, Conc::Int(x)) => (
                Conc::Long(i64::from(x)),
                a.sym.map(|s| self.exprs.sign_ext(32, s)),
            ),
            (Conversion::L2I, Conc::Long(x)) => (
                Conc::Int(x as i32),
                a.sym.map(|s| self.exprs.extract(31, 0, s)),
            ),
            (Conversion::I2B, Conc::Int(x)) => (
                Conc::Int(i32::from(x as i8)),
                a.sym.map(|s| self.narrow(s, 8, true)),
            ),
            (Conversion::I2S, Conc::Int(x)) => (
                Conc::Int(i32::from(x as i16)),
                a.sym.map(|s| self.narrow(s, 16, true)),
            ),
            (Conversion::I2C, Conc::Int(x)) => (
                Conc::Int(i32::from(x as u16)),
                a.sym.map(|s| self.narrow(s, 16, false)),
            ),
            (Conversion::I2F, Conc::Int(x)) => (Conc::Float(x as f32), None),
            (Conversion::I2D, Conc::Int(x)) => (Conc::Double(f64::from(x)), None),
            (Conversion::L2F, Conc::Long(x)) => (Conc::Float(x as f32), None),
            (Conversion::L2D, Conc::Long(x)) => (Conc::Double(x as f64), None),
            (Conversion::F2I, Conc::Float(x)) => (Conc::Int(x as i32), None),
            (Conversion::F2L, Conc::Float(x)) => (Conc::Long(x as i64), None),
            (Conversion::F2D, Conc::Float(x)) => (Conc::Double(f64::from(x)), None),
            (Conversion::D2I, Conc::Double(x)) => (Conc::Int(x as i32), None),
            (Conversion::D2L, Conc::Double(x)) => (Conc::Long(x as i64), None),
            (Conversion::D2F, Conc::Double(x)) => (Conc::Float(x as f32), None),
            (c, v) => return Err(Stop::unsupported(format!("{c:?} of {v:?}"))),
        };
        Ok(Val { conc, sym })
    }

    /// The low `bits` of an int, sign- or zero-extended back to 32 bits.
    fn narrow(&mut self, s: TermId, bits: u32, signed: bool) -> TermId {
        let low = self.exprs.extract(bits - 1, 0, s);
        if signed {
            self.exprs.sign_ext(32 - bits, low)
        } else {
            self.exprs.zero_ext(32 - bits, low)
        }
    }

    /// `lcmp`, `fcmpl`, `fcmpg`, `dcmpl`, `dcmpg` (JVMS §6.5).
    fn compare(&mut self, op: CmpOp, a: Val, b: Val) -> Result<Val, Stop> {
        let ordering = |x: Option<std::cmp::Ordering>, nan: i32| match x {
            Some(std::cmp::Ordering::Less) => -1,
            Some(std::cmp::Ordering::Equal) => 0,
            Some(std::cmp::Ordering::Greater) => 1,
            None => nan,
        };
        let nan = if matches!(op, CmpOp::FCmpG | CmpOp::DCmpG) {
            1
        } else {
            -1
        };
        let r = match (a.conc, b.conc) {
            (Conc::Long(x), Conc::Long(y)) => ordering(Some(x.cmp(&y)), 0),
            (Conc::Float(x), Conc::Float(y)) => ordering(x.partial_cmp(&y), nan),
            (Conc::Double(x), Conc::Double(y)) => ordering(x.partial_cmp(&y), nan),
            _ => return Err(Stop::unsupported(format!("{op:?} on mismatched operands"))),
        };
        let sym = match (op, a.sym.or(b.sym)) {
            (CmpOp::LCmp, Some(_)) => {
                let (x, y) = (self.term(a), self.term(b));
                let lt = self.exprs.cmp(BvCmp::Slt, x, y);
                let eq = self.exprs.eq(x, y);
                let (m1, z, p1) = (
                    self.exprs.constant(-1, 32),
                    self.exprs.constant(0, 32),
                    self.exprs.constant(1, 32),
                );
                let ge = self.exprs.ite(eq, z, p1);
                Some(self.exprs.ite(lt, m1, ge))
            }
            _ => None,
        };
        Ok(Val {
            conc: Conc::Int(r),
            sym,
        })
    }

    /// An int comparison of a conditional branch: records the decision if
    /// it depends on the inputs, and the fitness in the method under test.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        st: &mut RunState,
        site: u32,
        is_target: bool,
        pc: Pc,
        cond: Cond,
        a: Val,
        b: Val,
        target: Pc,
        fall: Option<Pc>,
    ) -> Result<bool, Stop> {
        let (x, y) = (i64::from(a.int()?), i64::from(b.int()?));
        let holds = branch_distance(cond, x, y) == 0;
        let to = if holds { Some(target) } else { fall };
        if a.sym.is_some() || b.sym.is_some() {
            let (ta, tb) = (self.term(a), self.term(b));
            let c = self.exprs.compare(cond, ta, tb);
            let at = Site {
                method: site,
                pc,
                outcome: to.unwrap_or(u32::MAX),
            };
            self.record(st, at, c, holds);
        }
        if is_target {
            let other = if holds { fall } else { Some(target) };
            let flip = branch_distance(if holds { cond.negate() } else { cond }, x, y);
            self.judge(st, to, &Vec::from_iter(other), flip);
        }
        Ok(holds)
    }

    /// Records a decision on the inputs, to be flipped: `cond` held on this
    /// run exactly when `held`.
    fn record(&mut self, st: &mut RunState, site: Site, cond: TermId, held: bool) {
        if st.decisions.len() >= MAX_DECISIONS {
            return;
        }
        let cond = if held { cond } else { self.exprs.not(cond) };
        st.decisions.push(Decision {
            cond,
            site,
            flippable: true,
        });
    }

    /// Updates the run's fitness with a decision of the method under test
    /// that went to `to` when it could have gone to `others`.
    fn judge(&self, st: &mut RunState, to: Option<Pc>, others: &[Pc], distance: u64) {
        if let Some(f) = to.and_then(|to| self.distances.decision(to, others, distance)) {
            st.fitness = st.fitness.min(f);
        }
    }

    /// A `tableswitch` or `lookupswitch` on `key`: the pc it goes to.
    #[allow(clippy::too_many_arguments)]
    fn switch(
        &mut self,
        st: &mut RunState,
        site: u32,
        is_target: bool,
        pc: Pc,
        key: Val,
        k: i32,
        cases: &[(i32, Pc)],
        default: Pc,
    ) -> Result<Pc, Stop> {
        let hit = cases.iter().find(|(v, _)| *v == k).map(|&(_, t)| t);
        let to = hit.unwrap_or(default);
        if let Some(s) = key.sym {
            let cond = match hit {
                Some(_) => {
                    let c = self.exprs.constant(i64::from(k), 32);
                    self.exprs.eq(s, c)
                }
                None => {
                    let mut parts = Vec::new();
                    for (v, _) in cases {
                        let c = self.exprs.constant(i64::from(*v), 32);
                        let e = self.exprs.eq(s, c);
                        parts.push(self.exprs.not(e));
                    }
                    self.exprs.and(parts)
                }
            };
            let at = Site {
                method: site,
                pc,
                outcome: to,
            };
            self.record(st, at, cond, true);
        }
        if is_target {
            let others: Vec<Pc> = cases
                .iter()
                .map(|&(_, t)| t)
                .chain(std::iter::once(default))
                .filter(|&t| t != to)
                .collect();
            let distance = cases
                .iter()
                .filter(|&&(_, t)| t != to)
                .map(|&(v, _)| i64::from(k).abs_diff(i64::from(v)))
                .min()
                .unwrap_or(1);
            self.judge(st, Some(to), &others, distance);
        }
        Ok(to)
    }

    /// A new array of `len` elements; `None` when the length is negative.
    fn new_array(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        len: Val,
        ty: String,
        fill: Val,
    ) -> Result<Option<Val>, Stop> {
        let n = len.int()?;
        if let Some(s) = len.sym {
            let zero = self.exprs.constant(0, 32);
            let ok = self.exprs.cmp(BvCmp::Sge, s, zero);
            let at = Site {
                method: site,
                pc,
                outcome: u32::from(n < 0),
            };
            self.record(st, at, ok, n >= 0);
        }
        if n < 0 {
            return Ok(None);
        }
        if n > 1_000_000 {
            return Err(Stop::unsupported(format!(
                "allocates an array of {n} elements"
            )));
        }
        Ok(Some(st.alloc(Obj::Array {
            ty,
            elems: vec![fill; n as usize],
            len_sym: len.sym,
        })))
    }

    /// The array and index an array access touches, or the exception it
    /// raises. A symbolic index is recorded in bounds or out (a decision
    /// the search may flip), then made concrete.
    fn element(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        arr: Option<usize>,
        index: Val,
    ) -> Result<Result<(usize, usize), &'static str>, Stop> {
        let Some(o) = arr else {
            return Ok(Err("java/lang/NullPointerException"));
        };
        let (len, len_sym) = match &st.heap[o] {
            Obj::Array { elems, len_sym, .. } => (elems.len(), *len_sym),
            Obj::Instance { .. } => return Err(Stop::unsupported("indexes an object")),
        };
        let k = index.int()?;
        let inside = k >= 0 && (k as usize) < len;
        if index.sym.is_some() || len_sym.is_some() {
            let (ti, tl) = (
                self.term(index),
                match len_sym {
                    Some(s) => s,
                    None => self.exprs.constant(len as i64, 32),
                },
            );
            let zero = self.exprs.constant(0, 32);
            let low = self.exprs.cmp(BvCmp::Sge, ti, zero);
            let high = self.exprs.cmp(BvCmp::Slt, ti, tl);
            let ok = self.exprs.and(vec![low, high]);
            let at = Site {
                method: site,
                pc,
                outcome: u32::from(!inside),
            };
            self.record(st, at, ok, inside);
        }
        if !inside {
            return Ok(Err("java/lang/ArrayIndexOutOfBoundsException"));
        }
        Ok(Ok((o, k as usize)))
    }

    /// Element `k` of array `o`, read with `index`. A symbolic index into a
    /// small array of numbers reads an `ite` over the elements, so the
    /// value stays a function of the inputs; otherwise the index is made
    /// concrete (recorded as equal to `k`, a decision never flipped).
    fn load(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        o: usize,
        k: usize,
        index: Val,
    ) -> Val {
        let Obj::Array { elems, .. } = &st.heap[o] else {
            unreachable!("element() checked it is an array")
        };
        let v = elems[k];
        let Some(i) = index.sym else { return v };
        if !symbolic_elements(elems) || self.too_deep(elems, index) {
            self.concretize(st, site, pc, i, k);
            return v;
        }
        let elems = elems.clone();
        let mut read = self.term(elems[elems.len() - 1]);
        for (j, e) in elems.iter().enumerate().rev().skip(1) {
            let at = self.exprs.constant(j as i64, 32);
            let here = self.exprs.eq(i, at);
            let t = self.term(*e);
            read = self.exprs.ite(here, t, read);
        }
        Val {
            conc: v.conc,
            sym: Some(read),
        }
    }

    /// Stores `v` at element `k` of array `o`, written with `index`; a
    /// symbolic index into a small array of numbers writes every element
    /// as `ite(index == j, v, old)` (see [`Self::load`]).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        st: &mut RunState,
        site: u32,
        pc: Pc,
        o: usize,
        k: usize,
        index: Val,
        v: Val,
    ) {
        let symbolic = matches!(v.conc, Conc::Int(_) | Conc::Long(_))
            && matches!(&st.heap[o], Obj::Array { elems, .. }
                if symbolic_elements(elems) && !self.too_deep(elems, v));
        let Some(i) = index.sym else {
            if let Obj::Array { elems, .. } = &mut st.heap[o] {
                elems[k] = v;
            }
            return;
        };
        if !symbolic {
            self.concretize(st, site, pc, i, k);
            if let Obj::Array { elems, .. } = &mut st.heap[o] {
                elems[k] = v;
            }
            return;
        }
        let Obj::Array { elems, .. } = &st.heap[o] else {
            return;
        };
        let old = elems.clone();
        let tv = self.term(v);
        let mut new = Vec::with_capacity(old.len());
        for (j, e) in old.iter().enumerate() {
            let at = self.exprs.constant(j as i64, 32);
            let here = self.exprs.eq(i, at);
            let te = self.term(*e);
            new.push(Val {
                conc: if j == k { v.conc } else { e.conc },
                sym: Some(self.exprs.ite(here, tv, te)),
            });
        }
        if let Obj::Array { elems, .. } = &mut st.heap[o] {
            *elems = new;
        }
    }

    /// Whether an `ite` over `elems` and `with` would pass
    /// [`MAX_TERM_DEPTH`].
    fn too_deep(&self, elems: &[Val], with: Val) -> bool {
        let deepest = elems
            .iter()
            .chain(std::iter::once(&with))
            .filter_map(|e| e.sym)
            .map(|t| self.exprs.depth(t))
            .max()
            .unwrap_or(1);
        deepest as usize + elems.len() + 2 > MAX_TERM_DEPTH as usize
    }

    /// Records that a symbolic index equals its value on this run.
    fn concretize(&mut self, st: &mut RunState, site: u32, pc: Pc, index: TermId, k: usize) {
        if st.decisions.len() >= MAX_DECISIONS {
            return;
        }
        let c = self.exprs.constant(k as i64, 32);
        let fixed = self.exprs.eq(index, c);
        st.decisions.push(Decision {
            cond: fixed,
            site: Site {
                method: site,
                pc,
                outcome: 2,
            },
            flippable: false,
        });
    }

    /// A value as an array of `elem` stores it (JVMS `bastore`, `castore`,
    /// `sastore`: the int is truncated; a boolean array keeps the low bit).
    fn narrow_element(&mut self, elem: ArrayElem, array_ty: String, v: Val) -> Result<Val, Stop> {
        let elem = match elem {
            ArrayElem::ByteOrBoolean if array_ty == "[Z" => ArrayElem::Boolean,
            ArrayElem::ByteOrBoolean => ArrayElem::Byte,
            e => e,
        };
        let conversion = match elem {
            ArrayElem::Byte => Conversion::I2B,
            ArrayElem::Char => Conversion::I2C,
            ArrayElem::Short => Conversion::I2S,
            ArrayElem::Boolean => {
                let one = Val::concrete(Conc::Int(1));
                return self.int_op(BinOp::And, v, one);
            }
            _ => return Ok(v),
        };
        self.convert(conversion, v)
    }

    /// A static field's id and declaring class (JVMS §5.4.3.2). The JDK's
    /// static fields are not modelled: their classes' initializers are
    /// far beyond this interpreter.
    fn static_field(
        &mut self,
        f: &crate::classfile::bytecode::FieldRef,
    ) -> Result<(u32, String), Stop> {
        let (id, declaring) = self.field(&f.class, &f.name)?;
        if is_jdk(&declaring) {
            return Err(Stop::unsupported(format!(
                "uses the JDK's static field {f}"
            )));
        }
        Ok((id, declaring))
    }

    /// A call on the `Class` object of `ty` (from `ldc`): only
    /// `desiredAssertionStatus()` of a class of the program, which its
    /// `<clinit>` calls to set its `$assertionsDisabled` and which answers
    /// the run's assertion setting ([`crate::assertions`]). Any other call
    /// stops the run: `Class` is beyond this interpreter.
    fn class_object_call(
        &self,
        ty: &JType,
        mref: &crate::classfile::bytecode::MethodRef,
    ) -> Result<Val, Stop> {
        let program = match ty {
            JType::Object(name) => self.cp.user_class_names().binary_search(name).is_ok(),
            _ => false,
        };
        if program && mref.name == "desiredAssertionStatus" && mref.descriptor == "()Z" {
            let enabled = !self.assertions.disabled();
            return Ok(Val::concrete(Conc::Int(i32::from(enabled))));
        }
        Err(Stop::unsupported(format!(
            "calls {}.{} on the Class object of {ty}",
            mref.class, mref.name
        )))
    }

    /// Initializes `class` on first use, as the JVM does (JVMS §5.5): its
    /// superclass first, then its static fields' constant values, then its
    /// `<clinit>`. A JDK class is taken as initialized (its statics are not
    /// read, see [`Self::static_field`]).
    fn initialize(&mut self, st: &mut RunState, class: &str, depth: u32) -> Result<(), Stop> {
        if is_jdk(class) || !st.initialized.insert(class.to_string()) {
            return Ok(());
        }
        let c = self
            .cp
            .load(class)
            .map_err(|e| Stop::unsupported(e.to_string()))?;
        if let Some(sup) = &c.super_class {
            self.initialize(st, sup, depth)?;
        }
        for f in c.fields.iter().filter(|f| f.is_static()) {
            let value = match &f.constant {
                Some(crate::classfile::FieldConstant::Value(k)) => match k {
                    Constant::Int(v) => Conc::Int(*v),
                    Constant::Long(v) => Conc::Long(*v),
                    Constant::Float(v) => Conc::Float(*v),
                    Constant::Double(v) => Conc::Double(*v),
                    _ => continue,
                },
                _ => continue,
            };
            let (id, _) = self.field(&c.name, &f.name)?;
            st.statics.insert(id, Val::concrete(value));
        }
        if let Some(clinit) = c.method("<clinit>", "()V") {
            if depth >= MAX_DEPTH {
                return Err(Stop::unsupported(format!(
                    "calls nest deeper than {MAX_DEPTH}"
                )));
            }
            // An initializer that stops on something not modelled leaves
            // the class's statics unread; the run goes on (what it calls
            // may not need them).
            let why = match self.frame(st, &c, clinit, Vec::new(), depth + 1) {
                Ok(Flow::Return(_)) => None,
                Ok(Flow::Throw(_)) => Some("it throws (ExceptionInInitializerError)".to_string()),
                Err(Stop::Unsupported(why)) => Some(why),
                Err(other) => return Err(other),
            };
            if let Some(why) = why {
                st.uninitialized.insert(class.to_string(), why);
            }
        }
        Ok(())
    }

    /// Whether a constructor is one the run can skip: `Object`'s, or that
    /// of a JDK exception (whose message and stack trace no decision of the
    /// method under test reads back through this interpreter).
    fn trivial_constructor(&self, class: &str) -> Result<bool, Stop> {
        if class == "java/lang/Object" {
            return Ok(true);
        }
        if !is_jdk(class) {
            return Ok(false);
        }
        self.cp
            .is_assignable(class, "java/lang/Throwable")
            .map_err(|e| Stop::unsupported(e.to_string()))
    }

    /// The method a call runs (JVMS §5.4.3.3, §5.4.3.4 and, for virtual
    /// and interface calls, selection by the receiver's class, §5.4.6).
    fn resolve(
        &mut self,
        kind: InvokeKind,
        mref: &crate::classfile::bytecode::MethodRef,
        runtime: Option<&str>,
    ) -> Result<(Arc<Class>, usize), Stop> {
        let dispatch = matches!(kind, InvokeKind::Virtual | InvokeKind::Interface);
        let key = (
            mref.class.clone(),
            mref.name.clone(),
            mref.descriptor.clone(),
            kind,
            if dispatch {
                runtime.unwrap_or("").to_string()
            } else {
                String::new()
            },
        );
        if let Some(found) = self.calls.get(&key) {
            return Ok(found.clone());
        }
        let err = |e: crate::classpath::ClassPathError| Stop::unsupported(e.to_string());
        let resolved = match self
            .cp
            .resolve_method(&mref.class, &mref.name, &mref.descriptor)
            .map_err(err)?
        {
            Some(m) => Some(m),
            None => self
                .cp
                .resolve_interface_method(&mref.class, &mref.name, &mref.descriptor)
                .map_err(err)?,
        };
        let Some(resolved) = resolved else {
            return Err(Stop::unsupported(format!("no method {mref}")));
        };
        let chosen = match (dispatch, runtime) {
            (true, Some(runtime)) => self
                .cp
                .select_method(runtime, &resolved)
                .map_err(err)?
                .ok_or_else(|| Stop::unsupported(format!("{runtime} has no body for {mref}")))?,
            _ => resolved,
        };
        let index = chosen
            .class
            .methods
            .iter()
            .position(|m| m.name == chosen.member.name && m.descriptor == chosen.member.descriptor)
            .ok_or_else(|| Stop::unsupported(format!("no method {mref}")))?;
        let found = (chosen.class.clone(), index);
        self.calls.insert(key, found.clone());
        Ok(found)
    }
}

/// Float or double arithmetic (JLS §15.17: IEEE 754, round to nearest;
/// `%` truncates as C's `fmod`, which Rust's `%` is).
fn ieee<T>(op: BinOp, x: T, y: T) -> Result<T, Stop>
where
    T: std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>,
{
    Ok(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        BinOp::Rem => x % y,
        _ => return Err(Stop::unsupported("a bitwise operation on floating point")),
    })
}

/// `pop`, `dup` and the rest (JVMS §6.5), by the categories of the values.
fn stack_op(stack: &mut Vec<Val>, op: StackOp) -> Result<(), Stop> {
    let under = || Stop::unsupported("operand stack underflow");
    let n = stack.len();
    let top_wide = |s: &Vec<Val>, k: usize| s.get(s.len().wrapping_sub(k)).is_some_and(Val::wide);
    match op {
        StackOp::Pop => {
            stack.pop().ok_or_else(under)?;
        }
        StackOp::Pop2 => {
            let v = stack.pop().ok_or_else(under)?;
            if !v.wide() {
                stack.pop().ok_or_else(under)?;
            }
        }
        StackOp::Dup => stack.push(*stack.last().ok_or_else(under)?),
        StackOp::DupX1 => {
            if n < 2 {
                return Err(under());
            }
            let v = stack[n - 1];
            stack.insert(n - 2, v);
        }
        StackOp::DupX2 => {
            // Form 2: value2 is wide and counts for two.
            let depth = if top_wide(stack, 2) { 2 } else { 3 };
            if n < depth {
                return Err(under());
            }
            let v = stack[n - 1];
            stack.insert(n - depth, v);
        }
        StackOp::Dup2 => {
            if top_wide(stack, 1) {
                stack.push(stack[n - 1]);
            } else {
                if n < 2 {
                    return Err(under());
                }
                stack.extend_from_slice(&[stack[n - 2], stack[n - 1]]);
            }
        }
        StackOp::Dup2X1 => {
            if top_wide(stack, 1) {
                if n < 2 {
                    return Err(under());
                }
                let v = stack[n - 1];
                stack.insert(n - 2, v);
            } else {
                if n < 3 {
                    return Err(under());
                }
                let (a, b) = (stack[n - 2], stack[n - 1]);
                stack.splice(n - 3..n - 3, [a, b]);
            }
        }
        StackOp::Dup2X2 => {
            let top = if top_wide(stack, 1) { 1 } else { 2 };
            let below_top = n.checked_sub(top).ok_or_else(under)?;
            let below = if stack.get(below_top.wrapping_sub(1)).is_some_and(Val::wide) {
                1
            } else {
                2
            };
            let at = below_top.checked_sub(below).ok_or_else(under)?;
            let moved: Vec<Val> = stack[below_top..].to_vec();
            stack.splice(at..at, moved);
        }
        StackOp::Swap => {
            if n < 2 {
                return Err(under());
            }
            stack.swap(n - 1, n - 2);
        }
    }
    Ok(())
}

/// Builds a string with no content: what exception messages are made of.
fn new_text(st: &mut RunState) -> Val {
    st.alloc(Obj::instance("java/lang/String"))
}

/// A call that builds text, run without its content: `StringBuilder`'s and
/// `StringBuffer`'s constructors, `append` and `toString`, and
/// `String.valueOf`. Strings here are opaque objects (a message handed to
/// an exception's constructor is never read by the method's decisions);
/// any other call on them stops the run, since the JDK's `String` is
/// beyond this interpreter. `None` for another call; `Some(Ok(value
/// returned))` for one of these.
fn opaque_text(
    st: &mut RunState,
    mref: &crate::classfile::bytecode::MethodRef,
    args: &[Val],
) -> Option<Result<Option<Val>, Stop>> {
    let builder = matches!(
        mref.class.as_str(),
        "java/lang/StringBuilder" | "java/lang/StringBuffer"
    );
    let result = match (builder, mref.class.as_str(), mref.name.as_str()) {
        (true, _, "<init>") => None,
        (true, _, "append") => Some(args[0]),
        (true, _, "toString") | (false, "java/lang/String", "valueOf") => Some(new_text(st)),
        (true, _, other) => {
            return Some(Err(Stop::unsupported(format!(
                "calls {}.{other}, which reads the text built",
                mref.class
            ))))
        }
        _ => return None,
    };
    Some(Ok(result))
}

/// Stops the run at a static field of a class whose initializer could not
/// be run.
fn initialized(
    st: &RunState,
    class: &str,
    f: &crate::classfile::bytecode::FieldRef,
) -> Result<(), Stop> {
    match st.uninitialized.get(class) {
        Some(why) => Err(Stop::unsupported(format!(
            "uses the static field {f}, but the initializer of {class} could not be run: {why}"
        ))),
        None => Ok(()),
    }
}

/// Whether a class is the JDK's (by its package).
fn is_jdk(class: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/", "com/sun/"]
        .iter()
        .any(|p| class.starts_with(p))
}

/// The most elements an array may have for a symbolic index to read or
/// write it as an `ite` over its elements.
const ITE_ELEMENTS: usize = 64;

/// Whether a symbolic index into these elements is kept symbolic: a small
/// array of ints or longs.
fn symbolic_elements(elems: &[Val]) -> bool {
    elems.len() <= ITE_ELEMENTS
        && elems
            .iter()
            .all(|e| matches!(e.conc, Conc::Int(_) | Conc::Long(_)))
        && !elems.is_empty()
}

/// A field's value before any store (JVMS §2.3, §2.4).
fn default_of(ty: &JType) -> Val {
    Val::concrete(match ty {
        JType::Long => Conc::Long(0),
        JType::Float => Conc::Float(0.0),
        JType::Double => Conc::Double(0.0),
        JType::Object(_) | JType::Array(_) => Conc::Ref(None),
        _ => Conc::Int(0),
    })
}

fn default_of_elem(elem: ArrayElem) -> Val {
    default_of(&match elem {
        ArrayElem::Long => JType::Long,
        ArrayElem::Float => JType::Float,
        ArrayElem::Double => JType::Double,
        ArrayElem::Ref => JType::Object("java/lang/Object".into()),
        _ => JType::Int,
    })
}

fn elem_descriptor(elem: ArrayElem) -> &'static str {
    match elem {
        ArrayElem::Boolean => "Z",
        ArrayElem::Byte | ArrayElem::ByteOrBoolean => "B",
        ArrayElem::Char => "C",
        ArrayElem::Short => "S",
        ArrayElem::Int => "I",
        ArrayElem::Long => "J",
        ArrayElem::Float => "F",
        ArrayElem::Double => "D",
        ArrayElem::Ref => "Ljava/lang/Object;",
    }
}

/// The class name `checkcast` and `instanceof` compare with: an internal
/// name, or an array's descriptor.
fn type_name(ty: &JType) -> String {
    match ty {
        JType::Object(name) => name.clone(),
        other => other.descriptor(),
    }
}
