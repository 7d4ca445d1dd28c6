//! Adders after a constructor call (issue 34, item 3): an object of a
//! collection-like program class whose state only a public mutator makes
//! (`CircularFifoQueue`'s `start`, `end` and `elements`, which `add` fills)
//! is built by its constructor followed by calls of that method:
//! `new CircularFifoQueue(3)`, then `add("e0")`, `add("e1")`.
//!
//! An adder is an accessible instance method of one reference parameter
//! whose bytecode stores that parameter into an element of an array held
//! by a field of `this` (`aastore`, JVMS §6.5) and adds one to an `int`
//! field of `this` (its count: `elements[end++] = e`). The number of calls
//! is the count the path needs (and, where the array fills and wraps
//! round, that plus the array's length); the arguments are the array's
//! elements the path needs, in index order (call `k` stores slot `k`
//! modulo the length, so the last call on each slot leaves the state's
//! value), or distinct strings where the path reads no element (or a null
//! one, which no add stores; a `String[]` the harness then takes as the
//! calls made it, as it takes an `Object[]` the calls filled with
//! strings); the fields the adder writes (`full`) count as reached by
//! its calls; the
//! constructor's one `int` parameter is given the array's length (or 1 for
//! a full object of count 0 whose array the path does not read). Nothing
//! here is a claim: the harness makes the object by these calls, compares
//! the array by contents and reports the counts the calls left, and the
//! run decides whether the goal is still met (docs/objects.md).

use std::sync::Arc;

use super::flow::{self, FieldSlot};
use super::plan::{constructor_accessible, fits, read_value, Rank};
use crate::classfile::bytecode::{ArrayElem, BinOp, Constant, Kind, StackOp};
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::ClassPath;
use crate::state::{Construction, InputState, Object, SetterCall, Value};

/// Superclasses whose adders are looked at, at most.
const DEPTH: usize = 4;

/// Calls of an adder written in one construction, at most: a test of a
/// few lines, not a loop.
const MAX_CALLS: i64 = 10;

/// An adder of a class: the method, its parameter, the array field it
/// stores the parameter in and the `int` field it counts with.
pub struct Adder {
    name: String,
    descriptor: String,
    param: JType,
    array: FieldSlot,
    count: FieldSlot,
    /// The fields the method writes (`full = true` where the ring fills),
    /// taken as reached by its calls: the harness reports what they hold.
    writes: Vec<FieldSlot>,
}

/// The adders a test (in the class's package when `same_package`) may call
/// on an object of `class`, its superclasses' included.
pub fn of(cp: &ClassPath, class: &Arc<Class>, same_package: bool) -> Vec<Adder> {
    let mut out: Vec<Adder> = Vec::new();
    let mut here = Some(Arc::clone(class));
    for _ in 0..DEPTH {
        let Some(c) = here else { break };
        for m in &c.methods {
            if !constructor_accessible(m, same_package) || out.iter().any(|a| a.name == m.name) {
                continue;
            }
            if let Some(a) = adder(cp, m) {
                out.push(a);
            }
        }
        here = c.super_class.as_ref().and_then(|s| cp.load(s).ok());
    }
    out
}

/// `m` as an adder, when it is one.
fn adder(cp: &ClassPath, m: &Method) -> Option<Adder> {
    let one_reference = m.desc.params.len() == 1 && matches!(m.desc.params[0], JType::Object(_));
    if m.is_static() || m.name.starts_with('<') || !one_reference {
        return None;
    }
    let code = m.code.as_ref()?;
    let ins: Vec<&Op> = code.instructions.iter().map(|i| &i.op).collect();
    // Every read of local 1 reads the argument.
    if flow::stored_slots(&ins).contains(&1) {
        return None;
    }
    let stores = (1..ins.len()).find(|&i| {
        matches!(ins[i], Op::ArrayStore(ArrayElem::Ref)) && *ins[i - 1] == Op::Load(Kind::Ref, 1)
    })?;
    // The array: the last array field of `this` read before the store.
    let (read, array) = (1..stores).rev().find_map(|i| match (ins[i - 1], ins[i]) {
        (Op::Load(Kind::Ref, 0), Op::GetField(f)) if matches!(f.ty, JType::Array(_)) => {
            Some((i, slot(cp, &f.class, &f.name)))
        }
        _ => None,
    })?;
    // The count: the field incremented as the store's index, else the
    // first one incremented.
    let count = (read..stores)
        .chain(0..ins.len())
        .find_map(|i| incremented(cp, &ins, i))?;
    let array = array?;
    let writes = ins
        .iter()
        .filter_map(|op| match op {
            Op::PutField(f) => slot(cp, &f.class, &f.name),
            _ => None,
        })
        .collect();
    Some(Adder {
        name: m.name.clone(),
        descriptor: m.descriptor.clone(),
        param: m.desc.params[0].clone(),
        array,
        count,
        writes,
    })
}

/// The `int` field the instructions from `i` add one to: `getfield c;
/// [dup_x1;] iconst_1; iadd; putfield c` (javac's `c++` and `x[c++]`).
fn incremented(cp: &ClassPath, ins: &[&Op], i: usize) -> Option<FieldSlot> {
    let Op::GetField(read) = ins[i] else {
        return None;
    };
    let mut j = i + 1;
    if ins.get(j) == Some(&&Op::Stack(StackOp::DupX1)) {
        j += 1;
    }
    let one = matches!(ins.get(j), Some(Op::Const(c)) if **c == Constant::Int(1));
    let add = ins.get(j + 1) == Some(&&Op::Binary(Kind::Int, BinOp::Add));
    match ins.get(j + 2) {
        Some(Op::PutField(w)) if one && add && w.name == read.name && read.ty == JType::Int => {
            slot(cp, &read.class, &read.name)
        }
        _ => None,
    }
}

/// The field `name` as named from `class` (internal form), by the class
/// declaring it.
fn slot(cp: &ClassPath, class: &str, name: &str) -> Option<FieldSlot> {
    let found = cp.resolve_field(class, name).ok()??;
    Some(FieldSlot {
        declared_in: found.class.java_name(),
        name: name.to_string(),
    })
}

/// Call `found` of object `i`, then the same call followed by adder calls
/// for each count the path's values give, with the fields those calls
/// leave to be set otherwise.
pub fn with_adders(
    cp: &ClassPath,
    adders: &[Adder],
    found: (Construction, Rank, Vec<FieldSlot>),
    state: &InputState,
    i: usize,
    o: &Object,
) -> Vec<(Construction, Rank, Vec<FieldSlot>)> {
    let mut out = vec![found.clone()];
    let (c, rank, missing) = found;
    let Some(a) = adders.iter().find(|a| read_value(o, &a.count).is_some()) else {
        return out;
    };
    let elements = match read_value(o, &a.array) {
        Some(Value::Ref { object }) => state.objects.get(*object).and_then(|x| x.elements.as_ref()),
        _ => None,
    };
    let length = elements.map_or(0, Vec::len);
    let counted = match read_value(o, &a.count) {
        Some(Value::Int(v)) => *v,
        _ => return out,
    };
    // (calls, capacity): the count; that plus the array's length, where
    // it wraps round; a full object of capacity one where the count is 0
    // and the path reads no array.
    let mut counts = vec![(counted, length)];
    if length > 0 && length as i64 <= counted {
        // An array too short for the count: one that holds it.
        counts.push((counted, counted as usize + 1));
    }
    if length > 0 {
        counts.push((counted + length as i64, length));
    } else if counted == 0 {
        counts.push((1, 1));
    }
    for (n, length) in counts
        .into_iter()
        .filter(|(n, _)| (1..=MAX_CALLS).contains(n))
    {
        let args: Vec<Value> = (0..n as usize)
            .map(
                |k| match elements.filter(|e| !e.is_empty()).map(|e| &e[k % e.len()]) {
                    Some(v) if *v != Value::Null => v.clone(),
                    _ => Value::Str(format!("e{k}")),
                },
            )
            .collect();
        if !args.iter().all(|v| fits(cp, state, i, v, &a.param)) {
            continue;
        }
        let mut call = c.clone();
        capacity(&mut call, length);
        call.setters.extend(args.into_iter().map(|arg| SetterCall {
            method: a.name.clone(),
            descriptor: a.descriptor.clone(),
            param: a.param.to_string(),
            arg,
        }));
        let left: Vec<FieldSlot> = missing
            .iter()
            .filter(|s| **s != a.count && **s != a.array && !a.writes.contains(s))
            .cloned()
            .collect();
        let rank = Rank {
            missing: left.len(),
            ..rank
        };
        out.push((call, rank, left));
    }
    out
}

/// A constructor's one `int` parameter given the length of the array the
/// adder fills (none when 0): the capacity `new CircularFifoQueue(3)`
/// makes. The harness reports the fields it then leaves.
fn capacity(call: &mut Construction, length: usize) {
    let ints: Vec<usize> = (0..call.params.len())
        .filter(|&k| call.params[k] == "int")
        .collect();
    if let ([k], true) = (ints.as_slice(), length > 0) {
        call.args[*k] = Value::Int(length as i64);
        call.free.retain(|f| f != k);
    }
}
