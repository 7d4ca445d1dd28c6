//! The analyses of a method, computed once per program: its control-flow
//! graph ([`crate::cfg`]), its frames ([`crate::frames`], the types of JVMS
//! §4.10.1) and the distance from its entry to each block, which the
//! backward search (JAUT ISSRE 2010 §V) uses to try the predecessors
//! nearest to the entry first. The search's class universe of a method under
//! test is kept here as well, and which methods write each static field
//! ([`Writers`], from which [`crate::statics`] decides the part a field
//! plays).
//!
//! As in cranelift, the analyses share one lifecycle: each is computed the
//! first time it is asked for, then shared through an [`Arc`] by every stage
//! that asks again (the search, the JUnit writer's key conditions, `cover`'s
//! targets), and dropped with the rest when `Program::add` changes the
//! class path (a `crate::program::Program` keeps them beside its class
//! path). A failure is not kept: asking again computes again; nor are the
//! analyses of a class that is not the class path's own. Results
//! are computed without a lock held, so threads searching at once never
//! wait for one another (two may compute the same analysis; the first
//! stored is the one shared).

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use crate::cfg::{BlockId, Cfg, CfgError};
use crate::classfile::{Class, FieldKey, Method, Op};
use crate::classpath::ClassPath;
use crate::frames::{self, FrameError, Frames};
use crate::model::Universe;

/// A method, by the class declaring it (internal name), its name and its
/// descriptor. Written `pkg/C.name(descriptor)`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MethodKey {
    pub class: Arc<str>,
    pub name: Arc<str>,
    pub descriptor: Arc<str>,
}

impl MethodKey {
    pub fn new(class: &str, name: &str, descriptor: &str) -> MethodKey {
        MethodKey {
            class: class.into(),
            name: name.into(),
            descriptor: descriptor.into(),
        }
    }

    /// The key of `method`, declared in `class`.
    pub fn of(class: &Class, method: &Method) -> MethodKey {
        MethodKey::new(&class.name, &method.name, &method.descriptor)
    }
}

impl fmt::Display for MethodKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}{}", self.class, self.name, self.descriptor)
    }
}

/// The search's class universe for one method under test: the classes its
/// code may create or test for within this call depth.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UniverseKey {
    pub root: MethodKey,
    pub max_call_depth: usize,
}

/// An analysis of a method could not be made.
#[derive(Debug, Clone, thiserror::Error)]
pub enum AnalysisError {
    #[error("{0} has no bytecode")]
    NoCode(MethodKey),
    #[error("{method}: {source}")]
    Cfg { method: MethodKey, source: CfgError },
    #[error("{method}: {source}")]
    Frames {
        method: MethodKey,
        source: FrameError,
    },
}

impl AnalysisError {
    /// What went wrong, without the method's name (for a message that
    /// names the method its own way).
    pub fn detail(&self) -> String {
        match self {
            AnalysisError::NoCode(_) => "no bytecode".to_string(),
            AnalysisError::Cfg { source, .. } => source.to_string(),
            AnalysisError::Frames { source, .. } => source.to_string(),
        }
    }
}

/// The analyses of the methods of one class path (see the module header).
#[derive(Default)]
pub struct Analyses {
    cfgs: Table<MethodKey, Cfg>,
    frames: Table<MethodKey, Frames>,
    distances: Table<MethodKey, [u32]>,
    universes: Table<UniverseKey, Universe>,
    static_writers: std::sync::OnceLock<Arc<Writers>>,
    overrides_fill_in: std::sync::OnceLock<bool>,
    overrides_to_string: std::sync::OnceLock<bool>,
    sets_streams: std::sync::OnceLock<bool>,
}

impl Analyses {
    /// The CFG of `method` of `class`.
    pub fn cfg(
        &self,
        cp: &ClassPath,
        class: &Class,
        method: &Method,
    ) -> Result<Arc<Cfg>, AnalysisError> {
        let key = MethodKey::of(class, method);
        self.cfgs.get_or_compute(&key, is_own(cp, class), || {
            let code = method
                .code
                .as_ref()
                .ok_or_else(|| AnalysisError::NoCode(key.clone()))?;
            Cfg::build(cp, code)
                .map(Arc::new)
                .map_err(|source| AnalysisError::Cfg {
                    method: key.clone(),
                    source,
                })
        })
    }

    /// The frames of `method` of `class`.
    pub fn frames(
        &self,
        cp: &ClassPath,
        class: &Class,
        method: &Method,
    ) -> Result<Arc<Frames>, AnalysisError> {
        let key = MethodKey::of(class, method);
        self.frames.get_or_compute(&key, is_own(cp, class), || {
            if method.code.is_none() {
                return Err(AnalysisError::NoCode(key.clone()));
            }
            frames::compute(cp, class, method)
                .map(Arc::new)
                .map_err(|source| AnalysisError::Frames {
                    method: key.clone(),
                    source,
                })
        })
    }

    /// Per block of the CFG (by id index): the cost of the cheapest path
    /// from the entry through the block (to its last instruction) — its
    /// instructions, a call into the program's own code weighing
    /// [`PROGRAM_CALL_WEIGHT`] more.
    pub fn distances(
        &self,
        cp: &ClassPath,
        class: &Class,
        method: &Method,
    ) -> Result<Arc<[u32]>, AnalysisError> {
        let key = MethodKey::of(class, method);
        self.distances.get_or_compute(&key, is_own(cp, class), || {
            let cfg = self.cfg(cp, class, method)?;
            let ops = method.code.as_ref().map(|c| &c.instructions[..]);
            Ok(distances(&cfg, ops.unwrap_or(&[])).into())
        })
    }

    /// Which methods of the program write each static field (scanned
    /// once per program).
    pub fn static_writers(&self, cp: &ClassPath) -> Arc<Writers> {
        self.static_writers
            .get_or_init(|| Arc::new(Writers::scan(cp)))
            .clone()
    }

    /// True when some class of the program declares `fillInStackTrace()`
    /// (or cannot be read): exception constructors may then run its code.
    pub fn program_overrides_fill_in(&self, cp: &ClassPath) -> bool {
        *self.overrides_fill_in.get_or_init(|| {
            cp.user_class_names().iter().any(|name| {
                cp.load(name).map_or(true, |c| {
                    c.methods
                        .iter()
                        .any(|m| m.name == "fillInStackTrace" && m.descriptor.starts_with("()"))
                })
            })
        })
    }

    /// True when some class of the program declares `toString()` or
    /// `hashCode()` (or cannot be read): printing or formatting one of its
    /// objects may then run its code.
    pub fn program_overrides_to_string(&self, cp: &ClassPath) -> bool {
        *self.overrides_to_string.get_or_init(|| {
            cp.user_class_names().iter().any(|name| {
                cp.load(name).map_or(true, |c| {
                    c.methods.iter().any(|m| {
                        (m.name == "toString" || m.name == "hashCode")
                            && m.descriptor.starts_with("()")
                    })
                })
            })
        })
    }

    /// True when some method of the program calls `System.setOut`,
    /// `setErr` or `setIn` (or a class cannot be read): `System.out` may
    /// then be any stream.
    pub fn program_sets_streams(&self, cp: &ClassPath) -> bool {
        *self.sets_streams.get_or_init(|| {
            cp.user_class_names().iter().any(|name| {
                cp.load(name).map_or(true, |c| {
                    c.methods
                        .iter()
                        .filter_map(|m| m.code.as_ref())
                        .any(|code| {
                            code.instructions.iter().any(|i| {
                                matches!(&i.op, crate::classfile::Op::Invoke(_, r)
                                if r.class == "java/lang/System"
                                    && matches!(r.name.as_str(), "setOut" | "setErr" | "setIn"))
                            })
                        })
                })
            })
        })
    }

    /// The universe stored for `key`, else the one `compute` makes;
    /// `class` declares the method under test.
    pub fn universe<E>(
        &self,
        cp: &ClassPath,
        class: &Class,
        key: &UniverseKey,
        compute: impl FnOnce() -> Result<Universe, E>,
    ) -> Result<Arc<Universe>, E> {
        self.universes
            .get_or_compute(key, is_own(cp, class), || compute().map(Arc::new))
    }
}

/// The methods of the program that write each static field, outside the
/// field's own class initializer: the first found per field, by class name
/// then method order.
#[derive(Debug, Default)]
pub struct Writers {
    by_field: HashMap<FieldKey, MethodKey>,
    /// Classes of the program that could not be read.
    unread: Vec<String>,
}

impl Writers {
    /// Scans every method of every class of the program (the class path's
    /// user entries).
    pub fn scan(cp: &ClassPath) -> Writers {
        let mut writers = Writers::default();
        for name in cp.user_class_names() {
            let Ok(class) = cp.load(name) else {
                writers.unread.push(name.clone());
                continue;
            };
            for method in &class.methods {
                let Some(code) = &method.code else { continue };
                for insn in &code.instructions {
                    let Op::PutStatic(f) = &insn.op else { continue };
                    let Ok(Some(found)) = cp.resolve_field(&f.class, &f.name) else {
                        continue;
                    };
                    if method.name == "<clinit>" && found.class.name == class.name {
                        continue;
                    }
                    let key = FieldKey {
                        class: found.class.name.clone(),
                        name: f.name.clone(),
                    };
                    writers
                        .by_field
                        .entry(key)
                        .or_insert_with(|| MethodKey::of(&class, method));
                }
            }
        }
        writers
    }

    /// The first method found that writes `key`, if any.
    pub fn writer_of(&self, key: &FieldKey) -> Option<&MethodKey> {
        self.by_field.get(key)
    }

    /// The classes of the program that could not be read.
    pub fn unread(&self) -> &[String] {
        &self.unread
    }
}

/// One analysis, by subject.
struct Table<K, T: ?Sized>(Mutex<HashMap<K, Arc<T>>>);

impl<K, T: ?Sized> Default for Table<K, T> {
    fn default() -> Self {
        Table(Mutex::new(HashMap::new()))
    }
}

impl<K: Clone + Eq + Hash, T: ?Sized> Table<K, T> {
    /// The stored result for `key`, else `compute`'s, stored when it
    /// succeeds and `keep` says the subject is the class path's own.
    /// `compute` runs without the lock held, so it may ask for other
    /// analyses.
    fn get_or_compute<E>(
        &self,
        key: &K,
        keep: bool,
        compute: impl FnOnce() -> Result<Arc<T>, E>,
    ) -> Result<Arc<T>, E> {
        if !keep {
            return compute();
        }
        let lock = || self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(found) = lock().get(key) {
            return Ok(found.clone());
        }
        let value = compute()?;
        Ok(lock().entry(key.clone()).or_insert(value).clone())
    }
}

/// Whether `class` is the class path's own, the one [`ClassPath::load`]
/// gives for its name. Only those classes' analyses are kept: a class
/// parsed elsewhere under the same name (a test's corrupted copy) has other
/// code, and its analyses are computed afresh each time.
fn is_own(cp: &ClassPath, class: &Class) -> bool {
    cp.load(&class.name)
        .is_ok_and(|own| std::ptr::eq(Arc::as_ptr(&own), class))
}

/// What a call into the program's own code (not the JDK's) adds to a
/// block's weight: the backward search explores such a callee, so a path
/// through one costs more than a few instructions. Ordering choices by this
/// weight tries a recursive-descent parser's call-free exits (a digit, the
/// end of the text) before its recursive ones, whose subtrees multiply with
/// every level of recursion.
pub const PROGRAM_CALL_WEIGHT: u32 = 32;

/// The weight of a method's whole body: the sum of its instructions'
/// [`weight`]s (0 for a method without code). Dispatch tries the cheaper
/// implementations of a call first (`search::dispatch`).
pub fn body_weight(method: &crate::classfile::Method) -> u32 {
    method
        .code
        .as_ref()
        .map_or(0, |code| code.instructions.iter().map(weight).sum())
}

/// The weight of one instruction on a path: 1, plus
/// [`PROGRAM_CALL_WEIGHT`] for a call into the program's own code.
fn weight(instruction: &crate::classfile::bytecode::Instruction) -> u32 {
    use crate::classfile::Op;
    match &instruction.op {
        Op::Invoke(_, m) if !crate::classpath::is_jdk_class(&m.class) => 1 + PROGRAM_CALL_WEIGHT,
        _ => 1,
    }
}

/// Cheapest cost from the entry through each block, over normal edges
/// (Dijkstra; a block weighs the [`weight`] of its instructions, counted
/// in its own cost: a block that calls costs more than its sibling that
/// does not, though both start at the same distance).
fn distances(cfg: &Cfg, instructions: &[crate::classfile::bytecode::Instruction]) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = cfg.graph().node_count();
    let own: Vec<u32> = (0..n)
        .map(|i| {
            cfg.block(BlockId::new(i)).map_or(0, |b| {
                b.indices()
                    .map(|k| instructions.get(k).map_or(1, weight))
                    .sum()
            })
        })
        .collect();
    // Dijkstra over the costs to each block's start ...
    let mut dist = vec![u32::MAX; n];
    let mut heap = BinaryHeap::new();
    dist[cfg.entry().index()] = 0;
    heap.push(Reverse((0u32, cfg.entry().index())));
    while let Some(Reverse((d, i))) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let id = BlockId::new(i);
        let len = own[i];
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
    // ... and through it.
    dist.iter()
        .zip(&own)
        .map(|(d, w)| d.saturating_add(*w))
        .collect()
}
