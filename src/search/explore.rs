//! The explorer: backward paths as a depth-first search with solver scopes.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Instant;

use super::throws::Catch;
use super::Goal;
use super::{Config, Outcome, PathStep, SearchError, Stats, Verdict};
use crate::cfg::{BlockId, Cfg, Edge, Thrown};
use crate::classfile::bytecode::InvokeKind;
use crate::classfile::{Class, Code, JType, Method, Op, Pc};
use crate::classpath::hierarchy::Found;
use crate::classpath::ClassPath;
use crate::frames::{self, Frames};
use crate::labeling::{self, EntryState, LabelingError};
use crate::model::term::{BvCmp, Sort, TermId, Terms};
use crate::model::{sort_of_vtype, Fresh, Memory, Universe};
use crate::reason::{Bound, Reason, SolverPoint, Stop};
use crate::solver::{Sat, Solver};

/// A method ready to explore: its CFG, frames and distances.
pub(crate) struct MethodInfo {
    pub class: Arc<Class>,
    pub index: usize,
    pub cfg: Cfg,
    pub frames: Frames,
    /// Per block (by id index): instructions on the shortest path from the
    /// entry to the block's start.
    pub dist: Vec<u32>,
    /// `class.name(descriptor)`.
    pub key: String,
}

impl MethodInfo {
    pub fn method(&self) -> &Method {
        &self.class.methods[self.index]
    }

    pub fn code(&self) -> &Code {
        self.method()
            .code
            .as_ref()
            .expect("explored methods have code")
    }

    fn block_at_index(&self, index: usize) -> BlockId {
        let pc = self.code().instructions[index].pc;
        self.cfg
            .block_of(pc)
            .expect("every instruction is in a block")
    }
}

/// One active method on a backward path: the state is "just before
/// instruction `index`".
#[derive(Clone)]
pub(crate) struct Act {
    pub m: Arc<MethodInfo>,
    /// The block being walked; `index` is within `block.first..=block.last + 1`.
    pub block: BlockId,
    pub index: usize,
    pub locals: Vec<Option<TermId>>,
    pub stack: Vec<TermId>,
    /// For a callee: the index of the invoke in the caller.
    pub call_index: Option<usize>,
    /// For the callee of a virtual or interface call: the receiver term the
    /// dispatch constrained.
    pub receiver: Option<TermId>,
}

/// The CMV at one point of a backward path, plus the path's bookkeeping.
#[derive(Clone)]
pub(super) struct St {
    pub acts: Vec<Act>,
    pub mem: Memory,
    pub path_len: usize,
    pub derefs: usize,
    /// Back-edge traversals on this path, by (method, from block, to block).
    pub loops: BTreeMap<(String, u32, u32), u32>,
    /// Blocks of the path, latest first.
    pub steps: Vec<PathStep>,
}

impl St {
    pub fn top(&mut self) -> &mut Act {
        self.acts.last_mut().expect("a path has an active method")
    }
}

pub(super) enum Flow {
    Found(Box<(EntryState, Vec<PathStep>)>),
    Exhausted,
    Timeout,
}

pub(crate) struct Explorer<'a> {
    pub cp: &'a ClassPath,
    pub config: Config,
    pub terms: Terms,
    pub solver: Solver,
    pub fresh: Fresh,
    pub universe: Universe,
    methods: HashMap<String, Arc<MethodInfo>>,
    pub loop_bound: u32,
    deadline: Instant,
    /// Cuts met in the current round, by message (the order reasons are
    /// reported in).
    cuts: BTreeMap<String, Reason>,
    loop_cut: bool,
    pub conflicts: BTreeSet<String>,
    /// Closed-world assumptions made in this search (see [`Explorer::assume`]).
    assumptions: BTreeSet<String>,
    pub paths: u64,
    /// `isSub(C, ·)` cache: class → ids of its subtypes in the universe.
    pub subtypes: HashMap<String, Vec<u32>>,
    /// Class → ids of the classes an input object of that type may have.
    inputs: HashMap<String, Vec<u32>>,
}

/// Searches for an input state reaching `pc` in `method` of `class`.
pub fn search(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    pc: Pc,
    config: &Config,
) -> Result<Outcome, SearchError> {
    search_goal(cp, class, method, &Goal::Pc(pc), config)
}

/// Searches for an input state meeting `goal` in `method` of `class`.
pub fn search_goal(
    cp: &ClassPath,
    class: &Arc<Class>,
    method: &Method,
    goal: &Goal,
    config: &Config,
) -> Result<Outcome, SearchError> {
    let start = Instant::now();
    let index = class
        .methods
        .iter()
        .position(|m| m.name == method.name && m.descriptor == method.descriptor)
        .ok_or_else(|| SearchError(format!("{} has no method {method}", class.java_name())))?;
    let mut ex = Explorer {
        cp,
        config: config.clone(),
        terms: Terms::default(),
        solver: {
            let mut s = Solver::take();
            // A single check must not outlive the search's time either.
            s.set_check_timeout(config.timeout);
            s
        },
        fresh: Fresh::default(),
        universe: Universe::default(),
        methods: HashMap::new(),
        loop_bound: 1,
        deadline: start + config.timeout,
        cuts: BTreeMap::new(),
        loop_cut: false,
        conflicts: BTreeSet::new(),
        assumptions: BTreeSet::new(),
        paths: 0,
        subtypes: HashMap::new(),
        inputs: HashMap::new(),
    };
    let root = ex.method_info(class.clone(), index)?;
    let universe = cp.memo(
        &format!("search-universe {} {}", root.key, config.max_call_depth),
        || collect_universe(cp, &root, config.max_call_depth),
    )?;
    ex.universe = (*universe).clone();
    let code = root.code();
    // Where backward paths start: the target instruction, or each point
    // where an exception of the goal's class may leave the method.
    let (pc, raises): (Pc, Vec<(usize, Thrown, Catch)>) = match goal {
        Goal::Pc(pc) => (*pc, Vec::new()),
        Goal::Throws(class) => {
            let goal = Catch {
                must: Some(class.clone()),
                must_not: Vec::new(),
            };
            let raises: Vec<_> = root
                .cfg
                .edges()
                .filter_map(|(_, _, e)| match e {
                    Edge::Uncaught { pc, thrown } => Some((*pc, *thrown)),
                    _ => None,
                })
                .filter(|(pc, _)| root.frames.at(*pc).is_some())
                .map(|(pc, thrown)| {
                    let index = code.index_of(pc).expect("edges leave instructions");
                    (index, thrown, goal.uncaught_at(code, pc))
                })
                .collect();
            if raises.is_empty() {
                return Ok(Outcome {
                    verdict: Verdict::Unreachable {
                        conflicts: vec!["no instruction of the method lets an exception out".into()],
                    },
                    stats: Stats::default(),
                });
            }
            (code.instructions[raises[0].0].pc, raises)
        }
    };
    let target_index = code
        .index_of(pc)
        .ok_or_else(|| SearchError(format!("pc {pc} is not an instruction start")))?;

    let mut stats = Stats::default();
    let verdict = if root.frames.at(pc).is_none() {
        Verdict::Unreachable {
            conflicts: vec![format!(
                "no path from the entry reaches pc {pc} (dead code)"
            )],
        }
    } else {
        loop {
            stats.rounds += 1;
            stats.loop_bound = ex.loop_bound;
            ex.cuts.clear();
            ex.loop_cut = false;
            ex.conflicts.clear();
            let flow = if raises.is_empty() {
                let st = ex.initial_state(&root, target_index);
                ex.dfs(st, Vec::new())
            } else {
                let mut flow = Flow::Exhausted;
                for (index, thrown, catch) in &raises {
                    let st = ex.initial_state(&root, *index);
                    let exc = ex.fresh.var(&mut ex.terms, "exception", Sort::Bv(32));
                    flow = ex.raise(st, Vec::new(), *index, *thrown, exc, catch);
                    if !matches!(flow, Flow::Exhausted) {
                        break;
                    }
                }
                flow
            };
            match flow {
                Flow::Found(found) => {
                    let (entry, path) = *found;
                    let label_start = Instant::now();
                    let state = labeling::label(&mut ex, &entry);
                    stats.labeling = label_start.elapsed();
                    break match state {
                        Ok(state) => Verdict::Reached { state, path },
                        Err(LabelingError::TooLong(bound)) => Verdict::Unknown {
                            reasons: vec![Reason::Bound(bound)],
                        },
                        Err(LabelingError::NoFit(why)) => Verdict::Unknown {
                            reasons: vec![Reason::Labeling(why)],
                        },
                    };
                }
                Flow::Timeout => {
                    let mut reasons = vec![match config.max_checks {
                        _ if crate::stop::requested() => Reason::Stopped(Stop::Interrupted),
                        Some(max) if ex.over_check_budget() => Reason::Bound(Bound::Checks { max }),
                        _ => Reason::Bound(Bound::Timeout {
                            limit: config.timeout,
                        }),
                    }];
                    reasons.extend(ex.cuts.values().cloned());
                    break Verdict::Unknown { reasons };
                }
                Flow::Exhausted => {
                    if ex.cuts.is_empty() && !ex.assumptions.is_empty() {
                        break Verdict::Unknown {
                            reasons: ex
                                .assumptions
                                .iter()
                                .map(|a| Reason::ClosedWorld(a.clone()))
                                .collect(),
                        };
                    }
                    if ex.cuts.is_empty() {
                        break Verdict::Unreachable {
                            conflicts: ex.conflicts.iter().cloned().collect(),
                        };
                    }
                    if ex.loop_cut && ex.loop_bound < config.max_loop_iterations {
                        ex.loop_bound = (ex.loop_bound * 2).min(config.max_loop_iterations);
                        continue;
                    }
                    break Verdict::Unknown {
                        reasons: ex.cuts.values().cloned().collect(),
                    };
                }
            }
        }
    };
    stats.total = start.elapsed();
    stats.solver = ex.solver.time;
    stats.checks = ex.solver.checks;
    stats.paths = ex.paths;
    let Explorer { solver, .. } = ex;
    solver.release();
    Ok(Outcome { verdict, stats })
}

/// The classes objects may have: every class of the user's class path, the
/// classes created by `new` in the code the search may explore (the method
/// and its static and special callees, within the call-depth bound), and
/// `java.lang.Object`.
fn collect_universe(
    cp: &ClassPath,
    root: &MethodInfo,
    max_depth: usize,
) -> Result<Universe, SearchError> {
    let mut u = Universe::default();
    let load = |name: &str| {
        cp.load(name)
            .map_err(|e| SearchError(format!("loading {name}: {e}")))
    };
    u.add(load("java/lang/Object")?, true);
    // Strings are inputs like user objects (modelled by their contents),
    // boxes are what boxing intrinsics create.
    u.add(load("java/lang/String")?, true);
    for class in [
        "java/lang/Integer",
        "java/lang/Long",
        "java/lang/Short",
        "java/lang/Byte",
        "java/lang/Character",
        "java/lang/Boolean",
        "java/lang/Class",
    ] {
        if let Ok(c) = cp.load(class) {
            u.add(c, false);
        }
    }
    // An input of a concrete JDK class that the method takes or that a
    // field of a user class holds (an ArrayList) is built from that class's
    // fields, like a user object.
    let mut input_types: Vec<JType> = root.method().arg_types(&root.class.name);
    for name in cp.user_class_names() {
        if let Ok(c) = cp.load(name) {
            input_types.extend(c.fields.iter().map(|f| f.ty.clone()));
        }
    }
    for ty in input_types {
        if let JType::Object(name) = ty {
            if let Ok(c) = cp.load(&name) {
                if !c.is_interface() && !c.is_abstract() {
                    u.add(c, true);
                }
            }
        }
    }
    // The exceptions the JVM raises itself, for paths through handlers.
    for class in IMPLICIT_EXCEPTIONS {
        if let Ok(c) = cp.load(class) {
            u.add(c, false);
        }
    }
    for name in cp.user_class_names() {
        if let Ok(c) = cp.load(name) {
            u.add(c, true);
        }
    }
    // Virtual calls select among the universe's classes, and the methods
    // they select may create more: scan until the universe stops growing.
    loop {
        let before = u.len();
        scan_reachable(cp, root, max_depth, &mut u);
        if u.len() == before {
            return Ok(u);
        }
    }
}

/// The classes of the exceptions instructions raise without `athrow`.
const IMPLICIT_EXCEPTIONS: [&str; 5] = [
    "java/lang/NullPointerException",
    "java/lang/ArithmeticException",
    "java/lang/ArrayIndexOutOfBoundsException",
    "java/lang/NegativeArraySizeException",
    "java/lang/ClassCastException",
];

/// Adds to `u` what the code reachable from `root` creates or tests for.
fn scan_reachable(cp: &ClassPath, root: &MethodInfo, max_depth: usize, u: &mut Universe) {
    let mut seen = BTreeSet::new();
    let mut work = vec![(root.class.clone(), root.index, 0usize)];
    let push =
        |work: &mut Vec<_>, found: &Found<Method>, depth: usize| {
            if let Some(i) = found.class.methods.iter().position(|x| {
                x.name == found.member.name && x.descriptor == found.member.descriptor
            }) {
                work.push((found.class.clone(), i, depth + 1));
            }
        };
    while let Some((class, index, depth)) = work.pop() {
        let m = &class.methods[index];
        if !seen.insert(format!("{}.{m}", class.name)) {
            continue;
        }
        let Some(code) = &m.code else { continue };
        for h in &code.handlers {
            if let Some(c) = h.catch_type.as_deref().and_then(|c| cp.load(c).ok()) {
                u.add(c, false);
            }
        }
        for insn in &code.instructions {
            match &insn.op {
                Op::New(c) => {
                    if let Ok(c) = cp.load(c) {
                        u.add(c, false);
                    }
                }
                // A class the code tests for may be an input's class.
                Op::CheckCast(t) | Op::InstanceOf(t) => {
                    if let JType::Object(name) = t.as_ref() {
                        if let Ok(c) = cp.load(name) {
                            u.add(c, true);
                        }
                    }
                }
                Op::Invoke(InvokeKind::Static | InvokeKind::Special, r) if depth < max_depth => {
                    if let Ok(Some(found)) = cp.resolve_method(&r.class, &r.name, &r.descriptor) {
                        push(&mut work, &found, depth);
                    }
                }
                Op::Invoke(kind @ (InvokeKind::Virtual | InvokeKind::Interface), r)
                    if depth < max_depth =>
                {
                    if let Ok(impls) = implementations(cp, *kind, r, u.classes()) {
                        for (found, _) in impls {
                            push(&mut work, &found, depth);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// The methods a call may run, each with the condition under which it does.
pub(super) type CallTargets = Vec<(Found<Method>, Option<TermId>)>;

/// A method a call may run, with the classes whose receivers select it.
type Implementation = (Found<Method>, Vec<String>);

/// The methods a virtual or interface call may run (JVMS §5.4.6), each with
/// the concrete classes among `classes` whose receivers select it, in the
/// order of `classes`.
fn implementations(
    cp: &ClassPath,
    kind: InvokeKind,
    r: &crate::classfile::bytecode::MethodRef,
    classes: &[Arc<Class>],
) -> Result<Vec<Implementation>, String> {
    if r.class.starts_with('[') {
        return Err(format!("call to {r} on an array"));
    }
    let resolved = if kind == InvokeKind::Interface {
        cp.resolve_interface_method(&r.class, &r.name, &r.descriptor)
    } else {
        cp.resolve_method(&r.class, &r.name, &r.descriptor)
    }
    .map_err(|e| e.to_string())?
    .ok_or_else(|| format!("call to {r} (not found on the class path)"))?;
    let mut out: Vec<Implementation> = Vec::new();
    for k in classes {
        if k.is_interface()
            || k.is_abstract()
            || !cp.is_assignable(&k.name, &r.class).unwrap_or(false)
        {
            continue;
        }
        // No selection: the JVM would throw AbstractMethodError, not run a method.
        let Ok(Some(selected)) = cp.select_method(&k.name, &resolved) else {
            continue;
        };
        match out.iter_mut().find(|(f, _)| {
            f.class.name == selected.class.name
                && f.member.descriptor == selected.member.descriptor
                && f.member.name == selected.member.name
        }) {
            Some((_, ks)) => ks.push(k.name.clone()),
            None => out.push((selected, vec![k.name.clone()])),
        }
    }
    Ok(out)
}

impl Explorer<'_> {
    pub(super) fn method_info(
        &mut self,
        class: Arc<Class>,
        index: usize,
    ) -> Result<Arc<MethodInfo>, SearchError> {
        let m = &class.methods[index];
        let key = format!("{}.{}{}", class.name, m.name, m.descriptor);
        if let Some(info) = self.methods.get(&key) {
            return Ok(info.clone());
        }
        // The CFG and frames of a method are the same for every search over
        // this class path: keep them with it.
        let cp = self.cp;
        let info = cp.memo(&format!("search-method {key}"), || {
            let code = m
                .code
                .as_ref()
                .ok_or_else(|| SearchError(format!("{key} has no bytecode")))?;
            let cfg = Cfg::build(cp, code).map_err(|e| SearchError(format!("{key}: {e}")))?;
            let frames =
                frames::compute(cp, &class, m).map_err(|e| SearchError(format!("{key}: {e}")))?;
            let dist = distances(&cfg);
            Ok::<_, SearchError>(MethodInfo {
                class: class.clone(),
                index,
                cfg,
                frames,
                dist,
                key: key.clone(),
            })
        })?;
        self.methods.insert(key, info.clone());
        Ok(info)
    }

    /// The state just before the target instruction: a fresh variable for
    /// every stack slot, locals unconstrained.
    fn initial_state(&mut self, root: &Arc<MethodInfo>, index: usize) -> St {
        let pc = root.code().instructions[index].pc;
        let frame = root.frames.at(pc).expect("checked reachable").clone();
        let stack = frame
            .stack
            .iter()
            .map(|t| self.fresh.var(&mut self.terms, "s", sort_of_vtype(t)))
            .collect();
        let mem = Memory::new(&mut self.terms);
        St {
            acts: vec![Act {
                m: root.clone(),
                block: root.block_at_index(index),
                index,
                locals: vec![None; root.code().max_locals as usize],
                stack,
                call_index: None,
                receiver: None,
            }],
            mem,
            path_len: 0,
            derefs: 0,
            loops: BTreeMap::new(),
            steps: vec![PathStep {
                method: root.key.clone(),
                pc,
                line: root.code().line_of(pc),
            }],
        }
    }

    /// Whether the search spent its budget of solver checks (a bound that,
    /// unlike time, gives the same verdict on every run).
    pub(super) fn over_check_budget(&self) -> bool {
        self.config
            .max_checks
            .is_some_and(|max| self.solver.checks >= max)
    }

    /// Records a closed-world assumption the search made: while one stands,
    /// refuting every path is no proof of unreachability.
    pub(crate) fn assume(&mut self, what: String) {
        self.assumptions.insert(what);
    }

    /// Records why a path was cut without being refuted (a loop bound
    /// lets the next round deepen).
    pub(super) fn cut(&mut self, reason: Reason) {
        self.paths += 1;
        self.loop_cut |= reason.is_loop_bound();
        self.cuts.insert(reason.to_string(), reason);
    }

    /// Asserts `pending` in a new scope and explores on from `st`. The
    /// constraints are checked at the next choice point: checking before
    /// every straight-line step would cost a solver call where no
    /// alternative can be pruned.
    pub(super) fn dfs(&mut self, st: St, pending: Vec<TermId>) -> Flow {
        if Instant::now() >= self.deadline || self.over_check_budget() || crate::stop::requested()
        {
            return Flow::Timeout;
        }
        self.solver.push();
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        let flow = self.advance(st);
        if !matches!(flow, Flow::Found(_)) {
            self.solver.pop();
        }
        flow
    }

    /// Checks what is asserted; `false` (after recording why) when the path
    /// is refuted or the solver gives up.
    fn feasible(&mut self, st: &St) -> bool {
        match self.solver.check() {
            Sat::Sat => true,
            Sat::Unsat => {
                self.paths += 1;
                self.note_conflict(st);
                false
            }
            Sat::Unknown => {
                self.cut(Reason::SolverUnknown(SolverPoint::Path));
                false
            }
        }
    }

    fn note_conflict(&mut self, st: &St) {
        if let Some(step) = st.steps.last() {
            let at = match step.line {
                Some(l) => format!("line {l}"),
                None => format!("pc {}", step.pc),
            };
            self.conflicts
                .insert(format!("{} {at}", method_name(&step.method)));
        }
    }

    /// Walks backward from `st` until a choice point, then tries each choice.
    fn advance(&mut self, mut st: St) -> Flow {
        let mut pending: Vec<TermId> = Vec::new();
        loop {
            if Instant::now() >= self.deadline || crate::stop::requested() {
                return Flow::Timeout;
            }
            let act = st.top();
            let m = act.m.clone();
            let index = act.index;
            let block_id = act.block;
            let block = m.cfg.block(block_id).expect("a block").clone();
            if index == block.first {
                return self.choose(st, pending, block_id);
            }
            let insn = m.code().instructions[index - 1].clone();
            st.path_len += 1;
            if st.path_len > self.config.max_path {
                self.cut(Reason::Bound(Bound::PathLength {
                    max: self.config.max_path,
                }));
                return Flow::Exhausted;
            }
            if let Op::Invoke(kind, r) = &insn.op {
                return self.enter_callee(st, pending, index - 1, *kind, r);
            }
            match self.step(&mut st, &insn, &mut pending) {
                Ok(()) => st.top().index -= 1,
                Err(cut) => {
                    self.cut(cut);
                    return Flow::Exhausted;
                }
            }
        }
    }

    /// At a block start: the method's entry (if this is it) and every
    /// predecessor, nearest to the entry first.
    fn choose(&mut self, mut st: St, pending: Vec<TermId>, block_id: BlockId) -> Flow {
        let m = st.top().m.clone();
        let block = m.cfg.block(block_id).expect("a block").clone();
        st.steps.push(PathStep {
            method: m.key.clone(),
            pc: block.start,
            line: m.code().line_of(block.start),
        });
        // Check the path so far before branching, when there is a choice.
        let is_entry = block_id == m.cfg.entry();
        let mut preds = m.cfg.preds(block_id);
        preds.sort_by_key(|(p, e)| (m.dist[p.index()], e.source_pc()));
        let options = usize::from(is_entry) + preds.len();
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        if options >= 2 && !self.feasible(&st) {
            return Flow::Exhausted;
        }

        if is_entry {
            let flow = if st.acts.len() == 1 {
                self.finish(st.clone())
            } else {
                let mark = self.terms.mark();
                let mut next = st.clone();
                let bind = self.return_to_caller(&mut next);
                let flow = self.dfs(next, bind);
                self.backtrack(mark, &flow);
                flow
            };
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }

        for (pred, edge) in preds {
            let pred_block = m.cfg.block(pred).expect("preds are blocks").clone();
            let mut next = st.clone();
            let is_back = m.cfg.dominates(block_id, pred);
            if is_back {
                let key = (m.key.clone(), pred_block.start, block.start);
                let count = next.loops.entry(key).or_insert(0);
                *count += 1;
                if *count > self.loop_bound {
                    self.cut(Reason::Bound(Bound::Loop {
                        max: self.config.max_loop_iterations,
                    }));
                    continue;
                }
            }
            let mark = self.terms.mark();
            if edge.is_exceptional() {
                let flow = self.step_exception_edge(next, pred, edge);
                self.backtrack(mark, &flow);
                if !matches!(flow, Flow::Exhausted) {
                    return flow;
                }
                continue;
            }
            let mut edge_pending = Vec::new();
            next.top().block = pred;
            next.top().index = pred_block.last + 1;
            match self.step_edge(&mut next, edge, &mut edge_pending) {
                Ok(()) => {}
                Err(cut) => {
                    self.terms.truncate(mark);
                    self.solver.truncate(&self.terms);
                    self.cut(cut);
                    continue;
                }
            }
            let flow = self.dfs(next, edge_pending);
            self.backtrack(mark, &flow);
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    pub(super) fn backtrack(&mut self, mark: crate::model::term::Mark, flow: &Flow) {
        if !matches!(flow, Flow::Found(_)) {
            self.terms.truncate(mark);
            self.solver.truncate(&self.terms);
        }
    }

    /// Steps back over the branch that ends a predecessor block, knowing
    /// which way it went.
    fn step_edge(&mut self, st: &mut St, edge: &Edge, out: &mut Vec<TermId>) -> Result<(), Reason> {
        let act = st.top();
        let m = act.m.clone();
        let last = act.index - 1;
        let insn = m.code().instructions[last].clone();
        match edge {
            Edge::FallThrough => Ok(()),
            Edge::Goto { .. } => {
                st.top().index = last;
                st.path_len += 1;
                Ok(())
            }
            Edge::Branch { cond, .. } => {
                st.top().index = last;
                st.path_len += 1;
                self.step_branch(st, &insn, *cond, out)
            }
            Edge::Switch { key, .. } => {
                st.top().index = last;
                st.path_len += 1;
                self.step_switch(st, &insn, *key, out)
            }
            Edge::Return { .. } | Edge::Exception { .. } | Edge::Uncaught { .. } => Err(
                Reason::Unsupported(format!("edge {edge} on a backward path")),
            ),
        }
    }

    /// Enters the callee of the invoke at `index` (the state is just after
    /// it): one choice per return instruction of the callee.
    fn enter_callee(
        &mut self,
        mut st: St,
        pending: Vec<TermId>,
        index: usize,
        kind: InvokeKind,
        r: &crate::classfile::bytecode::MethodRef,
    ) -> Flow {
        let caller = st.top().m.clone();
        let pc = caller.code().instructions[index].pc;
        let at = format!("{} pc {pc}", caller.key.replace('/', "."));
        if st.acts.len() > self.config.max_call_depth {
            self.cut(Reason::Bound(Bound::CallDepth {
                max: self.config.max_call_depth,
            }));
            return Flow::Exhausted;
        }
        let (targets, receiver) = match self.call_targets(&st, kind, r, &at) {
            Ok(t) => t,
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        };
        for &c in &pending {
            self.solver.assert(&self.terms, c);
        }
        // Check what the walk gathered before branching over the callees
        // and their returns.
        let branches: usize = targets
            .iter()
            .map(|(f, _)| {
                f.member.code.as_ref().map_or(1, |code| {
                    code.instructions
                        .iter()
                        .filter(|i| matches!(i.op, Op::Return(_)))
                        .count()
                })
            })
            .sum();
        if branches >= 2 && !self.feasible(&st) {
            return Flow::Exhausted;
        }
        let result = if r.desc.ret == JType::Void {
            None
        } else {
            st.top().stack.pop()
        };
        for (found, dispatch) in targets {
            let flow = self.explore_callee(&st, &found, dispatch, receiver, result, index, &at);
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// The methods a call may run, each with the constraint under which it
    /// does (the receiver's class, for a virtual or interface call), and the
    /// receiver term a dispatch named.
    pub(super) fn call_targets(
        &mut self,
        st: &St,
        kind: InvokeKind,
        r: &crate::classfile::bytecode::MethodRef,
        at: &str,
    ) -> Result<(CallTargets, Option<TermId>), Reason> {
        let mut targets: CallTargets = Vec::new();
        let receiver = match kind {
            InvokeKind::Static | InvokeKind::Special => {
                match self.cp.resolve_method(&r.class, &r.name, &r.descriptor) {
                    Ok(Some(found)) => targets.push((found, None)),
                    _ => {
                        return Err(Reason::Unsupported(format!(
                            "call to {r} (not found on the class path) at {at}"
                        )));
                    }
                }
                None
            }
            InvokeKind::Virtual | InvokeKind::Interface => {
                let impls = implementations(self.cp, kind, r, self.universe.classes())
                    .map_err(|why| Reason::Unsupported(format!("{why} at {at}")))?;
                if !self.is_closed_type(&r.class) {
                    self.assume(format!(
                        "calls on {} dispatch only to the classes on the class path and those the code creates",
                        r.class.replace('/', ".")
                    ));
                }
                let recv = self.fresh.var(&mut self.terms, "this", Sort::Bv(32));
                let class_of = self.terms.select(st.mem.types, recv);
                let zero = self.terms.int(0);
                let non_null = self.terms.ne(recv, zero);
                for (found, classes) in impls {
                    let eqs = classes
                        .iter()
                        .filter_map(|c| self.universe.id(c))
                        .map(|id| {
                            let idc = self.terms.int(id as i32);
                            self.terms.eq(class_of, idc)
                        })
                        .collect();
                    let one_of = self.terms.or(eqs);
                    let c = self.terms.and(vec![non_null, one_of]);
                    targets.push((found, Some(c)));
                }
                Some(recv)
            }
        };
        Ok((targets, receiver))
    }

    /// Explores one method a call may run, backward from each of its
    /// returns; `dispatch` is the condition under which the call runs it.
    #[allow(clippy::too_many_arguments)]
    fn explore_callee(
        &mut self,
        st: &St,
        found: &Found<Method>,
        dispatch: Option<TermId>,
        receiver: Option<TermId>,
        result: Option<TermId>,
        index: usize,
        at: &str,
    ) -> Flow {
        // A contract takes the place of the bytecode; a method with neither
        // returns a free value.
        let contract = self.contract_of(found);
        // The bytecode of String's methods reads fields the string model
        // does not have (see docs/contracts.md): without a contract their
        // results are free.
        let opaque = found.class.name == "java/lang/String" && found.member.name != "<init>";
        if opaque && contract.is_none() {
            self.cut(Reason::Unsupported(format!(
                "call to {}.{} at {at} (strings are modelled by their contents; give the method a contract)",
                found.class.java_name(),
                found.member
            )));
            return Flow::Exhausted;
        }
        if contract.is_some() || found.member.code.is_none() {
            if found.member.code.is_none() && contract.is_none() && found.member.is_abstract() {
                self.cut(Reason::Unsupported(format!(
                    "call to abstract method {}.{} at {at}",
                    found.class.java_name(),
                    found.member
                )));
                return Flow::Exhausted;
            }
            return self.step_over_call(st, found, contract, dispatch, receiver, result, index);
        }
        let callee = match self.callee_info(st, found) {
            Ok(c) => c,
            Err(cut) => {
                self.cut(cut);
                return Flow::Exhausted;
            }
        };
        let code = callee.code();
        let mut returns: Vec<usize> = code
            .instructions
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i.op, Op::Return(_)))
            .map(|(k, _)| k)
            .collect();
        returns.sort_by_key(|&k| {
            let b = callee.block_at_index(k);
            (callee.dist[b.index()], k)
        });
        for k in returns {
            let ret_pc = code.instructions[k].pc;
            let Some(frame) = callee.frames.at(ret_pc).cloned() else {
                continue; // dead code
            };
            let mark = self.terms.mark();
            let mut next = st.clone();
            let mut stack: Vec<TermId> = frame
                .stack
                .iter()
                .map(|t| self.fresh.var(&mut self.terms, "s", sort_of_vtype(t)))
                .collect();
            if let (Some(res), Some(top)) = (result, stack.last_mut()) {
                *top = res;
            }
            next.acts.push(Act {
                m: callee.clone(),
                block: callee.block_at_index(k),
                index: k,
                locals: vec![None; code.max_locals as usize],
                stack,
                call_index: Some(index),
                receiver,
            });
            next.steps.push(PathStep {
                method: callee.key.clone(),
                pc: ret_pc,
                line: code.line_of(ret_pc),
            });
            let flow = self.dfs(next, dispatch.into_iter().collect());
            self.backtrack(mark, &flow);
            if !matches!(flow, Flow::Exhausted) {
                return flow;
            }
        }
        Flow::Exhausted
    }

    /// The method a call runs, ready to explore below the activations of
    /// `st`: within the recursion bound.
    pub(super) fn callee_info(
        &mut self,
        st: &St,
        found: &Found<Method>,
    ) -> Result<Arc<MethodInfo>, Reason> {
        let mi = found
            .class
            .methods
            .iter()
            .position(|x| x.name == found.member.name && x.descriptor == found.member.descriptor)
            .expect("found in its class");
        let callee = self
            .method_info(found.class.clone(), mi)
            .map_err(|e| Reason::Unsupported(e.to_string()))?;
        let active = st.acts.iter().filter(|a| a.m.key == callee.key).count();
        if active >= self.config.max_recursion {
            return Err(Reason::Bound(Bound::Recursion {
                max: self.config.max_recursion,
                method: callee.key.replace('/', "."),
            }));
        }
        Ok(callee)
    }

    /// Whether every class a reference of this type may hold is in the
    /// universe: a user class, `Object` (whose instances are in it), or a
    /// final class.
    pub(crate) fn is_closed_type(&self, class: &str) -> bool {
        self.cp.user_class_names().iter().any(|n| n == class)
            || class == crate::classpath::hierarchy::OBJECT
            || self
                .cp
                .load(class)
                .is_ok_and(|c| c.access & crate::classfile::access::FINAL != 0)
    }

    /// At a callee's entry: its parameters are the caller's arguments.
    fn return_to_caller(&mut self, st: &mut St) -> Vec<TermId> {
        let callee = st.acts.pop().expect("a callee");
        let m = callee.m.method();
        let mut args = Vec::new();
        let mut slot = 0usize;
        let param_types = m.arg_types(&callee.m.class.name);
        let mut binds = Vec::new();
        for ty in &param_types {
            let local = callee.locals.get(slot).copied().flatten();
            let v = match (slot, callee.receiver, local) {
                // A virtual call's receiver was named when its class chose
                // the method: the same term here.
                (0, Some(recv), Some(v)) => {
                    binds.push(self.terms.eq(v, recv));
                    recv
                }
                (0, Some(recv), None) => recv,
                (_, _, Some(v)) => v,
                (_, _, None) => self
                    .fresh
                    .var(&mut self.terms, "arg", crate::model::sort_of(ty)),
            };
            args.push(v);
            slot += ty.size();
        }
        if !m.is_static() {
            // On the normal path an instance call's receiver is not null
            // (else the invoke throws NullPointerException).
            let zero = self.terms.int(0);
            binds.push(self.terms.ne(args[0], zero));
        }
        let caller = st.top();
        caller.index = callee.call_index.expect("callee has a call site");
        caller.stack.extend(args);
        binds
    }

    /// At the entry of the method under test: constrain the inputs, check,
    /// and hand the state to labeling.
    fn finish(&mut self, st: St) -> Flow {
        let act = st.acts[0].clone();
        let m = act.m.clone();
        let mut cons = Vec::new();
        let entry = labeling::entry_state(self, &m, &act, &st.mem, &mut cons);
        let mark = self.terms.mark();
        self.solver.push();
        for &c in &cons {
            self.solver.assert(&self.terms, c);
        }
        match self.solver.check() {
            Sat::Sat => {
                let mut path = st.steps.clone();
                path.reverse();
                // A callee's return that starts a block, or a target that
                // does, is recorded twice in a row.
                path.dedup();
                // Keep the scope: labeling works inside it.
                Flow::Found(Box::new((entry, path)))
            }
            other => {
                if other == Sat::Unknown {
                    self.cut(Reason::SolverUnknown(SolverPoint::Entry));
                } else {
                    self.paths += 1;
                    // Name the path's own conflict when there is one; only
                    // when the path alone is feasible did the inputs'
                    // domains refute it. (A few names are enough: the
                    // extra check is skipped once some are known.)
                    self.solver.pop();
                    let path_alone = if self.conflicts.len() < 4 {
                        self.solver.check()
                    } else {
                        Sat::Unsat
                    };
                    self.solver.push();
                    if path_alone == Sat::Unsat {
                        self.note_conflict(&st);
                    } else {
                        let at = m
                            .code()
                            .line_of(0)
                            .map_or(String::new(), |l| format!(" line {l}"));
                        self.conflicts.insert(format!(
                            "{}{at} (the inputs' domains at the entry)",
                            method_name(&m.key)
                        ));
                    }
                }
                self.solver.pop();
                self.terms.truncate(mark);
                self.solver.truncate(&self.terms);
                Flow::Exhausted
            }
        }
    }

    /// Constraint: `v` is a reference to an object whose class is a subtype
    /// of `class` (as a disjunction over the universe's class ids).
    pub(crate) fn is_subtype(&mut self, class_term: TermId, class: &str) -> TermId {
        let ids = match self.subtypes.get(class) {
            Some(ids) => ids.clone(),
            None => {
                let ids: Vec<u32> = (1..=self.universe.len() as u32)
                    .filter(|&id| {
                        let name = self.universe.name(id).expect("id in range");
                        self.cp.is_assignable(name, class).unwrap_or(false)
                    })
                    .collect();
                self.subtypes.insert(class.to_string(), ids.clone());
                // A type test on a JDK type that is not final sees only the
                // classes in the universe, not the JDK's other subclasses.
                if !self.is_closed_type(class) {
                    self.assume(format!(
                        "type tests on {} consider only the classes on the class path and those the code creates",
                        class.replace('/', ".")
                    ));
                }
                ids
            }
        };
        let mut eqs: Vec<TermId> = ids
            .iter()
            .map(|&id| {
                let c = self.terms.int(id as i32);
                self.terms.eq(class_term, c)
            })
            .collect();
        // Every array is an Object, Cloneable and Serializable (JLS §4.10.3).
        if matches!(
            class,
            "java/lang/Object" | "java/lang/Cloneable" | "java/io/Serializable"
        ) {
            let base = self.terms.int(crate::model::ARRAY_ID_BASE as i32);
            eqs.push(self.terms.cmp(BvCmp::Sge, class_term, base));
        }
        self.terms.or(eqs)
    }

    /// The classes an input object of static type `ty` may have, in the
    /// order labeling tries them (cached per search).
    pub(crate) fn input_candidates(&mut self, ty: &str) -> Vec<u32> {
        if let Some(ids) = self.inputs.get(ty) {
            return ids.clone();
        }
        let ids = self.universe.input_candidates(self.cp, ty);
        self.inputs.insert(ty.to_string(), ids.clone());
        ids
    }

    /// `v > 0`: an object of the input heap.
    pub(crate) fn is_input(&mut self, v: TermId) -> TermId {
        let zero = self.terms.int(0);
        self.terms.cmp(BvCmp::Sgt, v, zero)
    }
}

/// `pkg/C.m(desc)` → `pkg.C.m`, for messages.
fn method_name(key: &str) -> String {
    key.rsplit_once('(')
        .map_or(key, |(m, _)| m)
        .replace('/', ".")
}

/// Shortest distance in instructions from the entry to each block, over
/// normal edges (Dijkstra; blocks weigh their length).
fn distances(cfg: &Cfg) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = cfg.graph().node_count();
    let mut dist = vec![u32::MAX; n];
    let mut heap = BinaryHeap::new();
    dist[cfg.entry().index()] = 0;
    heap.push(Reverse((0u32, cfg.entry().index())));
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let id = BlockId::new(i);
        let len = cfg.block(id).map_or(0, |b| (b.last - b.first + 1) as u32);
        for (to, edge) in cfg.succs(id) {
            if edge.is_exceptional() {
                continue;
            }
            let nd = d + len;
            if nd < dist[to.index()] {
                dist[to.index()] = nd;
                heap.push(Reverse((nd, to.index())));
            }
        }
    }
    dist
}
