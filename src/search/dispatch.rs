//! Dispatch: the methods a call may run. A static or special call runs its
//! resolved method; a virtual or interface call runs, for each concrete
//! class of the universe its receiver may have, the method that class
//! selects (JVMS §5.4.6 method selection, §6.5 `invokevirtual`,
//! `invokeinterface`), under the constraint that the receiver's type
//! variable (JAUT ISSRE 2010 §IV) names one of those classes. Subtype tests
//! (`instanceof`, `checkcast`, handlers' catch types) are disjunctions over
//! the same universe; a type whose subclasses the universe may miss makes
//! both a closed-world assumption.

use std::sync::Arc;

use super::cmv::St;
use super::explore::Explorer;
use super::unsupported::Unsupported;
use crate::classfile::bytecode::{InvokeKind, MethodRef};
use crate::classfile::{Class, Method};
use crate::classpath::hierarchy::Found;
use crate::classpath::ClassPath;
use crate::frames::VType;
use crate::labeling::PREFER_FALSE;
use crate::model::term::{BvCmp, Sort, TermId};
use crate::reason::Reason;

/// The prefix of the predicates "an input object of a class outside the
/// universe that is a subtype of C" ([`Explorer::is_subtype`]); labeling
/// prefers them false, so input objects get the classes it can build.
pub(crate) const OUTSIDE: &str = "outside_subtype_of_";

/// The methods a call may run, each with the condition under which it does.
pub(super) type CallTargets = Vec<(Found<Method>, Option<TermId>)>;

/// A method a call may run, with the classes whose receivers select it.
type Implementation = (Found<Method>, Vec<String>);

/// What [`implementations`] gives for one call.
pub(super) type Implementations = Arc<Result<Vec<Implementation>, Unsupported>>;

/// The methods a virtual or interface call may run (JVMS §5.4.6), each with
/// the concrete classes among `classes` whose receivers select it, in the
/// order of `classes`.
pub(super) fn implementations(
    cp: &ClassPath,
    kind: InvokeKind,
    r: &MethodRef,
    classes: &[Arc<Class>],
) -> Result<Vec<Implementation>, Unsupported> {
    if r.class.starts_with('[') {
        return Err(Unsupported::CallOnArray(r.clone()));
    }
    let resolved = if kind == InvokeKind::Interface {
        cp.resolve_interface_method(&r.class, &r.name, &r.descriptor)
    } else {
        cp.resolve_method(&r.class, &r.name, &r.descriptor)
    }?
    .ok_or_else(|| Unsupported::MethodNotFound(r.clone()))?;
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
        let selected = specified_instead(cp, selected);
        match out.iter_mut().find(|(f, _)| same_method(f, &selected)) {
            Some((_, ks)) => ks.push(k.name.clone()),
            None => out.push((selected, vec![k.name.clone()])),
        }
    }
    Ok(out)
}

/// The method that runs for `selected`: the supertype's bytecode for a
/// method of a modelled collection that its specification gives by that
/// bytecode (`Map.getOrDefault`, [`crate::jdk::collections::inherited`]).
fn specified_instead(cp: &ClassPath, selected: Found<Method>) -> Found<Method> {
    let m = &selected.member;
    let class = &selected.class.name;
    let Some(sup) = crate::jdk::collections::inherited::supertype_of(class, &m.name, &m.descriptor)
    else {
        return selected;
    };
    match cp.resolve_method(sup, &m.name, &m.descriptor) {
        Ok(Some(found)) if found.member.code.is_some() => found,
        _ => selected,
    }
}

/// Whether two selected methods are the same method of the same class.
pub(super) fn same_method(a: &Found<Method>, b: &Found<Method>) -> bool {
    a.class.name == b.class.name
        && a.member.name == b.member.name
        && a.member.descriptor == b.member.descriptor
}

/// The interface a for-each loop calls.
const ITERATOR: &str = "java/util/Iterator";

/// The interface of a list's `listIterator()` (search::lists).
const LIST_ITERATOR: &str = "java/util/ListIterator";

/// The interface of a map's entries.
const ENTRY_INTERFACE: &str = crate::jdk::collections::views::ENTRY_INTERFACE;

impl Explorer<'_> {
    /// The methods a call may run, each with the constraint under which it
    /// does (the receiver's class, for a virtual or interface call), and the
    /// receiver term a dispatch named.
    pub(super) fn call_targets(
        &mut self,
        st: &St,
        kind: InvokeKind,
        r: &MethodRef,
        index: usize,
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
                let known = self.implementations_of(kind, r);
                let impls = known
                    .as_ref()
                    .as_ref()
                    .map_err(|why| Reason::Unsupported(format!("{why} at {at}")))?;
                if impls.is_empty() {
                    // Paths die here for want of a callee, not by a
                    // refutation: any implementation could exist elsewhere.
                    self.assume(format!(
                        "no class on the class path implements {}.{}: calls on it were taken to run nothing",
                        r.class.replace('/', "."),
                        r.name
                    ));
                } else if !self.is_closed_type(&r.class) {
                    self.assume(format!(
                        "calls on {} dispatch only to the classes on the class path and those the code creates",
                        r.class.replace('/', ".")
                    ));
                }
                let recv = self.fresh.var(&mut self.terms, "this", Sort::Ref);
                let class_of = self.terms.select(st.mem.types, recv);
                let zero = self.terms.int(0);
                let non_null = self.terms.ne(recv, zero);
                let static_type = self.receiver_class(st, r, index);
                for (found, classes) in impls {
                    let classes: Vec<&String> = classes
                        .iter()
                        .filter(|c| {
                            static_type
                                .as_ref()
                                .is_none_or(|t| self.cp.is_assignable(c, t).unwrap_or(true))
                        })
                        .collect();
                    if classes.is_empty() {
                        continue;
                    }
                    let mut eqs: Vec<TermId> = classes
                        .iter()
                        .filter_map(|c| self.universe.id(c))
                        .map(|id| {
                            let idc = self.terms.int(id as i32);
                            self.terms.eq(class_of, idc)
                        })
                        .collect();
                    // An array receiver (typed Object) runs Object's
                    // methods (JVMS §2.15, arrays' class hierarchy).
                    let may_be_array = static_type
                        .as_deref()
                        .is_none_or(|t| t == crate::classpath::hierarchy::OBJECT);
                    if found.class.name == crate::classpath::hierarchy::OBJECT && may_be_array {
                        let base = self.terms.int(crate::model::ARRAY_ID_BASE as i32);
                        eqs.push(self.terms.cmp(BvCmp::Sge, class_of, base));
                    }
                    let one_of = self.terms.or(eqs);
                    let c = self.terms.and(vec![non_null, one_of]);
                    targets.push((found.clone(), Some(c)));
                }
                Some(recv)
            }
        };
        Ok((targets, receiver))
    }

    /// [`implementations`] over this search's universe, computed once per
    /// call site's method reference.
    fn implementations_of(&mut self, kind: InvokeKind, r: &MethodRef) -> Implementations {
        let key = (kind, r.clone());
        if let Some(found) = self.implementations.get(&key) {
            return found.clone();
        }
        let found = Arc::new(
            implementations(self.cp, kind, r, self.universe.classes())
                .map(|impls| self.cheapest_first(impls)),
        );
        self.implementations.insert(key, found.clone());
        found
    }

    /// `impls` in the order the search tries them: a method the registry
    /// models first (a step, not a body to walk), then by the weight of
    /// the body the search would walk ([`crate::analysis::body_weight`]),
    /// the universe's order among equals. The order decides only which
    /// callee a depth-first search tries first — every one is tried — so a
    /// one-line `evaluate` is not queued behind a class whose method walks
    /// a collection.
    fn cheapest_first(&self, mut impls: Vec<Implementation>) -> Vec<Implementation> {
        impls.sort_by_cached_key(|(found, _)| {
            if self.model_of(found, None).is_some() {
                0
            } else {
                1 + crate::analysis::body_weight(&found.member)
            }
        });
        impls
    }

    /// The class the receiver of the call at `index` is an instance of, by
    /// the types of the operand stack there (JVMS §4.10.1: the verifier
    /// checks class types, so a `Cell` receiver of `Object.hashCode` never
    /// selects `String.hashCode`). `None` for an interface type, which the
    /// verifier does not check, and for arrays and nulls.
    fn receiver_class(&self, st: &St, r: &MethodRef, index: usize) -> Option<String> {
        let frame = st.acts.last()?.m.frames.by_index(index)?;
        let k = frame.stack.len().checked_sub(1 + r.desc.params.len())?;
        match &frame.stack[k] {
            VType::Ref(name) if !name.starts_with('[') => self
                .cp
                .load(name)
                .is_ok_and(|c| !c.is_interface())
                .then(|| name.clone()),
            _ => None,
        }
    }

    /// Whether every class a reference of this type may hold is in the
    /// universe: a user class, `Object` (whose instances are in it), or a
    /// final class.
    pub(super) fn is_closed_type(&self, class: &str) -> bool {
        // The collection models stand for every list, set or map that meets
        // the JDK's specification of its type (search::lists, keyed).
        crate::jdk::collections::is_modelled_type(class)
            || (class == ITERATOR && self.no_input_of(ITERATOR))
            || (class == LIST_ITERATOR && self.no_input_of(LIST_ITERATOR))
            || (class == ENTRY_INTERFACE && self.no_input_of(ENTRY_INTERFACE))
            || self.cp.user_class_names().iter().any(|n| n == class)
            || class == crate::classpath::hierarchy::OBJECT
            || self
                .cp
                .load(class)
                .is_ok_and(|c| c.access & crate::classfile::access::FINAL != 0)
    }

    /// Whether no input object may be of `interface` (an iterator, a map's
    /// entry): no input class of the universe implements it (not even a
    /// mock) and no type test names it (which could make one of an input
    /// typed `Object`). The iterators and entries a path then calls are the
    /// ones it made (a list's, search::lists; a map's, search::map_views),
    /// whose classes the universe holds.
    fn no_input_of(&self, interface: &str) -> bool {
        self.universe.id(interface).is_none()
            && self
                .universe
                .input_candidates(self.cp, interface)
                .is_empty()
    }

    /// `open ⇔ outside_model(v)`: names the condition under which an
    /// intrinsic leaves its result `v` free, so that labeling prefers
    /// states where the model is exact (the replay would refute the others).
    pub(super) fn beyond_model(&mut self, open: TermId, v: TermId) -> TermId {
        let p = self.terms.new_pred(format!("{PREFER_FALSE}model"));
        let named = self.terms.pred(p, v);
        self.terms.eq(open, named)
    }

    /// Constraint: the object `o` (whose class is `class_term`) is an
    /// instance of `class`: a disjunction over the universe's class ids.
    ///
    /// The universe holds the classes of every object the path allocates,
    /// exactly; an *input* object may in truth be of a JDK class the
    /// universe lacks (a subclass of a JDK type that is not final). For
    /// such a type the test is therefore left open on input objects (a
    /// predicate of `o` the solver may set either way): a refutation then
    /// holds for any class an input may have, and a state that needs an
    /// outside class is refuted by the replay.
    pub(super) fn is_subtype(&mut self, o: TermId, class_term: TermId, class: &str) -> TermId {
        let (mut eqs, open) = self.subtype_cases(class_term, class);
        if let Some(p) = open {
            let zero = self.terms.int(0);
            let input = self.terms.cmp(BvCmp::Sgt, o, zero);
            let outside = self.terms.pred(p, o);
            eqs.push(self.terms.and(vec![input, outside]));
        }
        self.terms.or(eqs)
    }

    /// Constraint: the class id `class_term` (of no object in particular:
    /// a `Class` object's) is a subtype of `class`, among the universe's
    /// classes and the array types.
    pub(super) fn is_subtype_id(&mut self, class_term: TermId, class: &str) -> TermId {
        let (eqs, _) = self.subtype_cases(class_term, class);
        self.terms.or(eqs)
    }

    /// The cases of `class_term` being a subtype of `class`: one per class
    /// of the universe that is, and one for arrays when `class` is a
    /// supertype of every array; with the predicate that leaves the test
    /// open on input objects when `class` is not closed.
    fn subtype_cases(
        &mut self,
        class_term: TermId,
        class: &str,
    ) -> (Vec<TermId>, Option<crate::model::term::PredId>) {
        let (ids, open) = match self.subtypes.get(class) {
            Some(known) => known.clone(),
            None => {
                let ids: Vec<u32> = (1..=self.universe.len() as u32)
                    .filter(|&id| {
                        let name = self.universe.name(id).expect("id in range");
                        self.cp.is_assignable(name, class).unwrap_or(false)
                    })
                    .collect();
                let open = (!self.is_closed_type(class)).then(|| {
                    self.terms
                        .new_pred(format!("{OUTSIDE}{}", class.replace('/', ".")))
                });
                self.subtypes.insert(class.to_string(), (ids.clone(), open));
                (ids, open)
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
        (eqs, open)
    }
}
