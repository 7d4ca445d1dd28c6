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
//!
//! One file per instruction family, as the backward rules are split
//! ([`crate::search`]): [`locals`] (constants, locals, the operand stack),
//! [`arith`] (int, long, float and double operations), [`branches`]
//! (conditional branches and switches, where decisions are recorded),
//! [`objects`] (fields, `new`, casts, monitors, `athrow`, class
//! initialization), [`arrays`] and [`calls`]. This file holds the values,
//! the run's state and the frame loop: fetch, execute, raise, jump.

mod arith;
mod arrays;
mod branches;
mod calls;
mod locals;
mod objects;

use std::collections::HashMap;
use std::sync::Arc;

use super::exprs::Exprs;
use super::fitness::{Distances, Fitness};
use crate::assertions::Assertions;
use crate::classfile::bytecode::{Instruction, InvokeKind};
use crate::classfile::{Class, JType, Method, Op, Pc};
use crate::classpath::ClassPath;
use crate::model::term::TermId;
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
    /// Why the run may differ from the JVM's on these inputs, or its
    /// decisions miss some that depended on them (for the concolic search
    /// a run is a guess the JVM checks; a path the backward search refutes
    /// by a run needs it faithful, [`crate::search::Runner`]): JDK code,
    /// text built without its content, a static field, an input's term
    /// dropped, decisions past [`MAX_DECISIONS`]. `None`: faithful.
    pub unfaithful: Option<&'static str>,
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
    /// The first thing the run did that the JVM may do otherwise
    /// ([`Run::unfaithful`]).
    unfaithful: Option<&'static str>,
}

/// A call site's method reference, kind, and (for a virtual or interface
/// call) the receiver's class: what the method it runs depends on.
type CallKey = (String, String, String, InvokeKind, String);

impl RunState {
    /// Notes that the run is not faithful ([`Run::unfaithful`]).
    fn unfaithful(&mut self, why: &'static str) {
        self.unfaithful.get_or_insert(why);
    }

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
    /// Whether the current run dropped the term of a value that depended
    /// on the inputs (a term too deep, a conversion to floating point).
    dropped: bool,
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
            dropped: false,
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
            unfaithful: None,
        };
        self.dropped = false;
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
        if self.dropped {
            st.unfaithful("dropped the term of a value of the inputs");
        }
        Run {
            decisions: st.decisions,
            end,
            fitness,
            unfaithful: st.unfaithful,
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
        if crate::classpath::is_jdk_class(&class.name) {
            st.unfaithful("ran the JDK's code");
        }
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
        let mut act = Activation {
            locals,
            stack: Vec::new(),
            site,
            is_target,
            depth,
        };
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
            let fall = insns.get(next).map(|n| n.pc);
            let (mut jump, raise) = match self.execute(st, &mut act, insn, fall)? {
                Step::Next => (None, None),
                Step::Jump(target) => (Some(target), None),
                Step::Raise(r) => (None, Some(r)),
                Step::Return(v) => return Ok(Flow::Return(v)),
            };
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
                        act.stack.clear();
                        act.stack.push(Val::concrete(Conc::Ref(Some(obj))));
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

    /// Executes one instruction, by its family.
    fn execute(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
        fall: Option<Pc>,
    ) -> Result<Step, Stop> {
        match &insn.op {
            Op::Nop => Ok(Step::Next),
            Op::Const(_) | Op::Load(..) | Op::Store(..) | Op::Iinc { .. } | Op::Stack(_) => {
                self.exec_local(st, act, insn)
            }
            Op::Binary(..) | Op::Neg(_) | Op::Convert(_) | Op::Compare(_) => {
                self.exec_arith(st, act, insn)
            }
            Op::If { .. }
            | Op::IfICmp { .. }
            | Op::IfACmp { .. }
            | Op::IfNull { .. }
            | Op::Goto(_)
            | Op::TableSwitch { .. }
            | Op::LookupSwitch { .. } => self.exec_branch(st, act, insn, fall),
            Op::Return(kind) => Ok(Step::Return(match kind {
                Some(_) => Some(act.pop()?),
                None => None,
            })),
            Op::GetField(_)
            | Op::PutField(_)
            | Op::GetStatic(_)
            | Op::PutStatic(_)
            | Op::New(_)
            | Op::CheckCast(_)
            | Op::InstanceOf(_)
            | Op::MonitorEnter
            | Op::MonitorExit
            | Op::AThrow => self.exec_object(st, act, insn),
            Op::NewArray(_)
            | Op::ANewArray(_)
            | Op::ArrayLength
            | Op::ArrayLoad(_)
            | Op::ArrayStore(_) => self.exec_array(st, act, insn),
            Op::Invoke(..) | Op::InvokeDynamic { .. } => self.exec_call(st, act, insn),
            Op::Jsr(_) | Op::Ret(_) | Op::MultiANewArray(..) => Err(not_executed(insn)),
        }
    }
}

/// One frame's locals and operand stack, and what its instructions need to
/// know of the frame: the method's id, whether it is the method under test,
/// how deep the call is.
struct Activation {
    locals: Vec<Option<Val>>,
    stack: Vec<Val>,
    site: u32,
    is_target: bool,
    depth: u32,
}

impl Activation {
    fn pop(&mut self) -> Result<Val, Stop> {
        self.stack
            .pop()
            .ok_or_else(|| Stop::unsupported("operand stack underflow"))
    }
}

/// What an instruction does to its frame's control flow.
enum Step {
    /// On to the next instruction.
    Next,
    Jump(Pc),
    Raise(Raise),
    Return(Option<Val>),
}

impl Step {
    /// The step of an instruction that may jump or raise (raising first).
    fn of(jump: Option<Pc>, raise: Option<Raise>) -> Step {
        match (raise, jump) {
            (Some(r), _) => Step::Raise(r),
            (None, Some(target)) => Step::Jump(target),
            (None, None) => Step::Next,
        }
    }
}

/// The stop of an instruction this interpreter does not execute.
fn not_executed(insn: &Instruction) -> Stop {
    Stop::unsupported(format!(
        "executes {}",
        crate::classfile::bytecode::MNEMONICS[usize::from(insn.opcode)]
    ))
}
/// An exception to raise: a new one of a class, or an object of the heap.
enum Raise {
    New(&'static str),
    Object(usize),
}
