//! The entry state: the inputs of the method under test as terms, once the
//! backward search (JAUT ISSRE 2010 §V) has walked a path back to the
//! method's entry — the receiver and parameters, the static fields the path
//! reads and the input heap (§IV) — and the constraints every input
//! satisfies, which the search checks before labeling starts.

use std::collections::BTreeMap;

use super::Labeling;
use crate::classfile::signature::{GenericType, MethodSignature};
use crate::classfile::{Class, JType, Method};
use crate::model::enum_constants::{self, ConstantTerms};
use crate::model::term::{BvCmp, TermId};
use crate::model::{inputs, FieldKey, Memory};
use crate::statics::{Initial, InputBecause, Role, StaticsPolicy};

/// The inputs at the method entry, as terms.
#[derive(Debug, Clone)]
pub struct EntryState {
    /// `this` (for instance methods) then the parameters: name, type, term.
    pub params: Vec<(String, JType, TermId)>,
    /// The generic type of each of `params`, from the method's `Signature`
    /// attribute (JVMS §4.7.9.1); `None` for `this`, and for all when the
    /// method has none or it does not match the descriptor.
    pub generic_params: Vec<Option<GenericType>>,
    pub is_static: bool,
    /// A constructor: its receiver is the object the call makes, which
    /// holds only defaults when the constructor starts.
    pub is_constructor: bool,
    /// Static fields the path reads that are inputs, at their entry
    /// values, with why they are inputs.
    pub statics: Vec<(FieldKey, JType, TermId, InputBecause)>,
    /// Static fields of the program the path reads that hold their initial
    /// values (not inputs).
    pub initial: Vec<(FieldKey, JType, Initial)>,
    /// The input heap: one array per field the path touches.
    pub fields: BTreeMap<FieldKey, TermId>,
    pub types: TermId,
    /// Calls on the path whose results come from the environment, in the
    /// order they run.
    pub environment: Vec<EnvCall>,
    /// The objects of the enum constants inputs may be, by enum class.
    pub enum_constants: BTreeMap<String, ConstantTerms>,
}

/// A call whose result comes from the environment (a clock, a random
/// generator, a native without contract, a method a contract calls "any
/// value"): its result is an input, one per call site and occurrence.
#[derive(Debug, Clone)]
pub struct EnvCall {
    /// The method called, `pkg/C.name(descriptor)`.
    pub callee: String,
    /// The method the call is in.
    pub caller: crate::analysis::MethodKey,
    /// Whether the caller is the method under test (whose calls the replay
    /// can answer).
    pub in_method_under_test: bool,
    pub pc: u32,
    pub result: TermId,
    pub ty: JType,
    /// For a call of a mock's method ([`crate::classpath::mock`]): the
    /// mock, whose answers labeling writes with the object rather than as
    /// an environment value.
    pub mock: Option<TermId>,
    /// The mock's call raised a `RuntimeException` (`result` is it)
    /// instead of returning (`--mock-throws`).
    pub raises: bool,
    /// For a call whose result is an object the environment makes
    /// ([`crate::jdk::env_objects`]): which of its fields `result` is
    /// (one record per field, in the order the harness reads them).
    pub part: Option<&'static str>,
}

/// Builds the entry state and the constraints every input satisfies:
/// references are null or input objects of a class their type allows,
/// narrow integers are in range, and references read from the heap name
/// input objects or objects allocated before the read.
///
/// `locals` are the method's locals at its entry as the path left them
/// (`None`: no constraint mentions the slot).
pub(crate) fn entry_state(
    cx: &mut Labeling<'_>,
    class: &Class,
    method: &Method,
    locals: &[Option<TermId>],
    mem: &Memory,
    cons: &mut Vec<TermId>,
) -> EntryState {
    let code = method
        .code
        .as_ref()
        .expect("the method under test has code");
    let mut params = Vec::new();
    // Names from the LocalVariableTable at pc 0, by the slot each
    // argument takes.
    let mut types: Vec<(String, JType)> = Vec::new();
    let mut at = 0usize;
    for (i, ty) in method.arg_types(&class.name).into_iter().enumerate() {
        let name = match i.checked_sub(usize::from(!method.is_static())) {
            None => "this".to_string(),
            Some(index) => code
                .local_name(at as u16, 0)
                .map_or_else(|| format!("arg{index}"), str::to_string),
        };
        at += ty.size();
        types.push((name, ty));
    }
    let mut slot = 0usize;
    let zero = cx.terms.int(0);
    let mut enums = mem.enum_constants.clone();
    for (name, ty) in types {
        let term = match locals.get(slot).copied().flatten() {
            Some(t) => t,
            None => cx.fresh.var(cx.terms, &name, crate::model::sort_of(&ty)),
        };
        if ty.is_reference() {
            cons.push(cx.terms.cmp(BvCmp::Sge, term, zero));
            if name == "this" && slot == 0 && !method.is_static() {
                cons.push(cx.terms.ne(term, zero));
            }
            let c = input_domain(cx, mem, &mut enums, term, &ty, cons);
            cons.push(c);
        } else if let Some(c) = cx.in_range(&ty, term) {
            cons.push(c);
        }
        slot += ty.size();
        params.push((name, ty, term));
    }
    let mut statics = Vec::new();
    let mut initial = Vec::new();
    for (key, &term) in &mem.statics {
        // Enum constants and switch maps: objects the path fixed itself
        // (src/search/enums.rs), neither inputs nor values to list.
        if mem.clinit_objects.contains_key(key) && crate::enums::switch_map(cx.cp, key).is_some()
            || crate::enums::is_constant_field(cx.cp, key)
        {
            continue;
        }
        // The JDK's static fields hold what its own class initializers put
        // there; a test cannot set them, so they are not inputs (a path that
        // depends on their values is checked by the replay).
        if cx.cp.user_class_names().binary_search(&key.class).is_err() {
            // A final one with an initial value jaut follows was tied to it
            // where the path read it (src/search/statics.rs).
            let tied = mem.clinit_objects.contains_key(key)
                || (cx.statics != StaticsPolicy::Free
                    && matches!(
                        crate::statics::final_initial(cx.cp, key),
                        Some(Initial::Constant(_) | Initial::Default)
                    ));
            if tied {
                continue;
            }
            cx.assume(format!(
                "the static field {key} of the JDK was taken as an unknown value"
            ));
            continue;
        }
        let ty = cx
            .cp
            .resolve_field(&key.class, &key.name)
            .ok()
            .flatten()
            .map_or(JType::Int, |f| f.member.ty);
        let writers = cx.cp.analyses().static_writers(cx.cp);
        let why = match writers.role(cx.cp, key, cx.statics, cx.assertions) {
            Role::Input(why) => why,
            Role::Fixed(value) => {
                if let Some(v) = fixed_scalar(cx, &ty, &value) {
                    // Under `--statics init` a field some method writes is
                    // tied to its initial value here, at the entry.
                    cons.push(cx.terms.eq(term, v));
                }
                if matches!(value, Initial::Computed) {
                    cx.assume(format!(
                        "the static field {key} holds what its class initializer computes, \
                         taken as an unknown value"
                    ));
                }
                initial.push((key.clone(), ty, value));
                continue;
            }
        };
        if ty.is_reference() {
            cons.push(cx.terms.cmp(BvCmp::Sge, term, zero));
            let c = input_domain(cx, mem, &mut enums, term, &ty, cons);
            cons.push(c);
        } else if let Some(c) = cx.in_range(&ty, term) {
            cons.push(c);
        }
        statics.push((key.clone(), ty, term, why));
    }
    for read in &mem.reads {
        // The value read is null, an input object, or an object allocated
        // before the read; and what the input heap held in the cell read
        // (before any store of the path) is null or an input object.
        let mut options = vec![cx.terms.cmp(BvCmp::Sge, read.value, zero)];
        for a in &mem.allocs[read.later_allocs..] {
            options.push(cx.terms.eq(read.value, a.term));
        }
        cons.push(cx.terms.or(options));
        if let Some((key, object, index)) = &read.cell {
            if let Some(&array) = mem.fields.get(key) {
                let input = cx.terms.cmp(BvCmp::Sgt, *object, zero);
                let held = cx.terms.select(array, *index);
                let not_allocated = cx.terms.cmp(BvCmp::Sge, held, zero);
                cons.push(cx.terms.implies(input, not_allocated));
            }
        }
    }
    let generic_params = generic_params(method, params.len());
    EntryState {
        params,
        generic_params,
        is_static: method.is_static(),
        is_constructor: method.name == "<init>",
        statics,
        initial,
        fields: mem.fields.clone(),
        types: mem.types,
        environment: Vec::new(),
        enum_constants: enums,
    }
}

/// The generic types of the `count` parameters of `method` (`this`
/// first, if any), as its signature declares them.
fn generic_params(method: &Method, count: usize) -> Vec<Option<GenericType>> {
    let receiver = usize::from(!method.is_static());
    let declared = method
        .signature
        .as_deref()
        .and_then(MethodSignature::parse)
        .map(|s| s.params)
        .filter(|p| p.len() + receiver == count)
        .unwrap_or_default();
    let mut types = vec![None; count];
    for (k, t) in declared.into_iter().enumerate() {
        types[k + receiver] = Some(t);
    }
    types
}

/// The constraints on what the calls to the environment of `entry`
/// returned, as on a parameter's value: a reference is null or an input
/// object of a class its type allows (a `String` from a `nondet()` is a
/// string), a narrow integer is in range. A mock's answers are the mock's.
pub(crate) fn environment_domains(
    cx: &mut Labeling<'_>,
    mem: &Memory,
    entry: &mut EntryState,
    cons: &mut Vec<TermId>,
) {
    let zero = cx.terms.int(0);
    for call in entry.environment.iter().filter(|c| c.mock.is_none()) {
        if call.ty.is_reference() {
            cons.push(cx.terms.cmp(BvCmp::Sge, call.result, zero));
            let c = input_domain(
                cx,
                mem,
                &mut entry.enum_constants,
                call.result,
                &call.ty,
                cons,
            );
            cons.push(c);
        } else if let Some(c) = cx.in_range(&call.ty, call.result) {
            cons.push(c);
        }
    }
}

/// The input domain of the reference `term` of type `ty`: for an enum,
/// null or one of its constants (made here when the path met none of them),
/// else the input classes of `ty`.
fn input_domain(
    cx: &mut Labeling<'_>,
    mem: &Memory,
    enums: &mut BTreeMap<String, ConstantTerms>,
    term: TermId,
    ty: &JType,
    cons: &mut Vec<TermId>,
) -> TermId {
    let Some(e) = inputs::enum_type(cx.cp, ty) else {
        return cx.input_type_constraint(mem.types, term, ty);
    };
    if !enums.contains_key(&e) {
        let made = crate::enums::constants(cx.cp, &e).and_then(|constants| {
            let ordinals = mem.fields.get(&enum_constants::ordinal_key()).copied();
            enum_constants::make(
                cx.universe,
                cx.terms,
                enum_constants::count(enums),
                mem.types,
                ordinals,
                constants,
                cons,
            )
            .ok()
        });
        match made {
            Some(made) => {
                enums.insert(e.clone(), made);
            }
            None => {
                cx.assume(format!(
                    "the constants of enum {} could not be read: its inputs were taken to be null",
                    e.replace('/', ".")
                ));
                let zero = cx.terms.int(0);
                return cx.terms.eq(term, zero);
            }
        }
    }
    enum_constants::one_of(cx.cp, cx.terms, term, &ty.class_ref_name(), &enums[&e])
}

/// The term for a scalar initial value (a default, a number or null), which
/// an entry equation can state; `None` for strings and objects.
fn fixed_scalar(cx: &mut Labeling<'_>, ty: &JType, value: &Initial) -> Option<TermId> {
    match value {
        Initial::Default => Some(inputs::default_term(cx.terms, ty)),
        Initial::Constant(c) => inputs::scalar_constant(cx.terms, c),
        Initial::AssertionStatus(a) => Some(cx.terms.int(i32::from(a.disabled()))),
        _ => None,
    }
}
