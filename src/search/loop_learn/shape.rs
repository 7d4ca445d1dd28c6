//! The shape of a backward state: everything the search from it depends
//! on, with its terms renamed by first occurrence (the learning of
//! [`super`]). Two states of one shape differ only in the names of their
//! terms, so what the search from one proves (with nothing asserted but a
//! few pinned values) holds for the other once the other pins the same
//! values. A state whose parts the shape does not follow (calls answered
//! by the environment, enum constants met) has none.

use std::collections::HashMap;
use std::fmt::Write;

use super::super::cmv::{Act, St};
use super::super::junction::Junction;
use crate::model::term::{Node, Sort, TermId, Terms};
use crate::model::{Alloc, HeapRead, Memory};

/// A state's shape: `key` (equal for states equal up to the names of
/// their terms) and the state's terms in the order the key numbers them.
pub(in crate::search) struct Shape {
    pub key: String,
    pub order: Vec<TermId>,
    /// Of `order`: the heap's per-field arrays indexed by references (a
    /// cell of one at a reference of the state may be pinned).
    pub fields: Vec<usize>,
}

/// Numbers terms by first occurrence and writes each as its node over
/// those numbers.
struct Namer<'t> {
    terms: &'t Terms,
    ids: HashMap<TermId, usize>,
    order: Vec<TermId>,
    key: String,
}

impl Namer<'_> {
    /// The number of `t`, naming its operands first.
    fn term(&mut self, t: TermId) -> usize {
        if let Some(&n) = self.ids.get(&t) {
            return n;
        }
        let node = self.terms.node(t).clone();
        let shown = match node {
            Node::Var(_, sort) => format!("var {sort:?}"),
            other => {
                let mut operands = Vec::new();
                for_each_operand(&other, |o| operands.push(o));
                let numbers: Vec<usize> = operands.into_iter().map(|o| self.term(o)).collect();
                format!("{} {numbers:?}", node_name(&other))
            }
        };
        let n = self.order.len();
        self.ids.insert(t, n);
        self.order.push(t);
        let _ = writeln!(self.key, "t{n} = {shown}");
        n
    }

    fn opt(&mut self, t: Option<TermId>) -> Option<usize> {
        t.map(|t| self.term(t))
    }

    fn line(&mut self, what: std::fmt::Arguments) {
        let _ = writeln!(self.key, "{what}");
    }
}

/// A node without its operands (constants, widths and operators kept).
fn node_name(node: &Node) -> String {
    let mut shown = format!("{node:?}");
    if let Some(open) = shown.find('(') {
        shown.truncate(open);
    }
    match node {
        Node::Bool(b) => format!("bool {b}"),
        Node::Bv(v, w) => format!("bv {v} {w}"),
        Node::Bin(op, ..) => format!("{shown} {op:?}"),
        Node::Cmp(op, ..) => format!("{shown} {op:?}"),
        Node::Extract(hi, lo, _) => format!("{shown} {hi} {lo}"),
        Node::SignExt(w, _) | Node::ZeroExt(w, _) => format!("{shown} {w}"),
        Node::Pred(p, _) => format!("{shown} {}", p.0),
        Node::Fp(op, ..) => format!("{shown} {op:?}"),
        Node::FpFn(f, _) => format!("{shown} {f:?}"),
        Node::FpCmp(op, ..) => format!("{shown} {op:?}"),
        Node::FpFromInt(w, _) | Node::FpToInt(w, _) | Node::FpConvert(w, _) => {
            format!("{shown} {w}")
        }
        _ => shown,
    }
}

/// Calls `f` on each operand of `node`, in order.
fn for_each_operand(node: &Node, mut f: impl FnMut(TermId)) {
    match node {
        Node::Var(..) | Node::Bool(_) | Node::Bv(..) => {}
        Node::Not(a)
        | Node::Neg(a)
        | Node::Extract(_, _, a)
        | Node::SignExt(_, a)
        | Node::ZeroExt(_, a)
        | Node::Pred(_, a)
        | Node::FpFn(_, a)
        | Node::FpIsNaN(a)
        | Node::FpFromInt(_, a)
        | Node::FpToInt(_, a)
        | Node::FpConvert(_, a) => f(*a),
        Node::And(parts) | Node::Or(parts) => parts.iter().for_each(|p| f(*p)),
        Node::Eq(a, b)
        | Node::Bin(_, a, b)
        | Node::Cmp(_, a, b)
        | Node::Select(a, b)
        | Node::Concat(a, b)
        | Node::Fp(_, a, b)
        | Node::FpCmp(_, a, b) => {
            f(*a);
            f(*b);
        }
        Node::Ite(a, b, c) | Node::Store(a, b, c) | Node::Row(a, b, c) => {
            f(*a);
            f(*b);
            f(*c);
        }
    }
}

/// The shape of `st` at `junction`; `None` when the state holds parts the
/// shape does not follow. The path's length and its blocks are left out:
/// the first bounds the search only past half of `--max-path` (where the
/// caller learns nothing), the second is only reported.
pub(in crate::search) fn of(terms: &Terms, st: &St, junction: &Junction) -> Option<Shape> {
    // Every field is named, so that a field added to the state is seen
    // here (the compiler asks where it goes).
    let St {
        acts,
        mem,
        path_len: _,
        derefs,
        environment,
        loops,
        steps: _,
        identity_compared,
        came_from,
        bounded,
        summarized,
        visit,
        // Derived from the constraints; a generalized search runs
        // without it.
        left: _,
    } = st;
    if !environment.is_empty() || !mem.enum_constants.is_empty() {
        return None;
    }
    let mut n = Namer {
        terms,
        ids: HashMap::new(),
        order: Vec::new(),
        key: String::new(),
    };
    n.line(format_args!(
        "at {junction:?}; derefs {derefs}; identity {identity_compared}; came from {came_from:?}; summarized {summarized}"
    ));
    n.line(format_args!("loops {loops:?}; visit {visit:?}"));
    for act in acts {
        activation(&mut n, act);
    }
    for (t, bound) in bounded {
        let t = n.term(*t);
        n.line(format_args!("bounded t{t} by {bound:?}"));
    }
    let fields = memory(&mut n, mem);
    Some(Shape {
        key: n.key,
        order: n.order,
        fields,
    })
}

fn activation(n: &mut Namer, act: &Act) {
    let Act {
        m,
        block,
        index,
        locals,
        stack,
        call_index,
        receiver,
    } = act;
    let locals: Vec<Option<usize>> = locals.iter().map(|l| n.opt(*l)).collect();
    let stack: Vec<usize> = stack.iter().map(|s| n.term(*s)).collect();
    let receiver = n.opt(*receiver);
    n.line(format_args!(
        "act {} {block:?} {index} call {call_index:?} receiver {receiver:?} locals {locals:?} stack {stack:?}",
        m.key
    ));
}

/// Names the heap's terms; returns the field arrays indexed by references.
fn memory(n: &mut Namer, mem: &Memory) -> Vec<usize> {
    let Memory {
        fields,
        statics,
        types,
        allocs,
        reads,
        literals,
        clinit_objects,
        enum_constants: _,
        cell_reads,
    } = mem;
    let mut by_reference = Vec::new();
    for (key, t) in fields {
        let number = n.term(*t);
        n.line(format_args!("field {key:?} t{number}"));
        if matches!(n.terms.sort(*t), Sort::Array(_) | Sort::RefArray) {
            by_reference.push(number);
        }
    }
    for (key, t) in statics {
        let number = n.term(*t);
        n.line(format_args!("static {key:?} t{number}"));
    }
    for (key, t) in clinit_objects {
        let number = n.term(*t);
        n.line(format_args!("initializer's object {key:?} t{number}"));
    }
    let types = n.term(*types);
    n.line(format_args!("types t{types}"));
    for Alloc {
        term,
        class,
        pc,
        cached,
    } in allocs
    {
        let term = n.term(*term);
        let cached = cached.map(|(c, v)| (n.term(c), n.term(v)));
        n.line(format_args!("alloc t{term} {class} {pc} {cached:?}"));
    }
    for HeapRead {
        value,
        later_allocs,
        cell,
    } in reads
    {
        let value = n.term(*value);
        let cell = cell
            .as_ref()
            .map(|(key, o, i)| (format!("{key:?}"), n.term(*o), n.term(*i)));
        n.line(format_args!("read t{value} {later_allocs} {cell:?}"));
    }
    for (text, t) in literals {
        let t = n.term(*t);
        n.line(format_args!("literal {text:?} t{t}"));
    }
    for (cells, key) in cell_reads {
        let (cells, key) = (n.term(*cells), n.term(*key));
        n.line(format_args!("cell read t{cells} t{key}"));
    }
    by_reference
}
