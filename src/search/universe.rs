//! The class universe of a search: the classes objects may have (JAUT
//! ISSRE 2010 §IV: each object's type variable ranges over them). Fixed
//! before the search starts, so that a subtype test is a finite disjunction
//! over class ids that no later discovery invalidates: the user's classes,
//! the classes the code reachable from the method under test creates or
//! tests for (through virtual calls too, selected as in JVMS §5.4.6, until
//! the universe stops growing), the exceptions the JVM raises itself, and
//! `java.lang.Object`.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::cmv::MethodInfo;
use super::dispatch::{implementations, same_method};
use super::SearchError;
use crate::classfile::bytecode::{InvokeKind, MethodRef};
use crate::classfile::{Class, JType, Method, Op};
use crate::classpath::hierarchy::Found;
use crate::classpath::ClassPath;
use crate::jdk::collections::keyed::{KEY_ITERATOR, LINKED_SET_CLASS, SET_CLASS};
use crate::jdk::collections::lists::{ITERATOR_CLASS, LIST_CLASS, LIST_ITERATOR_CLASS, LIST_TYPES};
use crate::jdk::collections::views::ViewMethod;
use crate::jdk::env_objects::EnvObject;
use crate::model::Universe;
use crate::program::Program;

const THREAD_LOCAL_RANDOM: &str = "java/util/concurrent/ThreadLocalRandom";

/// The classes objects may have: every class of the user's class path, the
/// classes created by `new` in the code the search may explore (the method
/// and its static and special callees, within the call-depth bound), and
/// `java.lang.Object`.
pub(super) fn collect_universe(
    cp: &Program,
    root: &MethodInfo,
    max_depth: usize,
) -> Result<Universe, SearchError> {
    let mut u = Universe::default();
    let load = |name: &str| {
        cp.load(name).map_err(|error| SearchError::Load {
            name: name.to_string(),
            error: Box::new(error),
        })
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
    // A builder only where the method meets one: in a parameter or a field
    // of a parameter's class (search::builders; not every field of a jar,
    // which would make every `Object` of the jar's searches a candidate).
    let near = near_types(cp, root);
    input_types.retain(|t| !is_builder(t) || near.contains(t));
    for ty in input_types {
        if let JType::Object(name) = ty {
            if let Ok(c) = cp.load(&name) {
                if crate::enums::is_enum(&c) {
                    add_enum(cp, &name, &mut u);
                } else if LIST_TYPES.contains(&name.as_str()) {
                    // A modelled list (issue 36, search::lists).
                    if let Ok(list) = cp.load(LIST_CLASS) {
                        u.add(list, true);
                    }
                    // Its iterator early, so that a for-each loop's calls
                    // (met before `iterator()` on a backward path) try it
                    // first.
                    if let Ok(c) = cp.load(ITERATOR_CLASS) {
                        u.add(c, false);
                    }
                } else if let Some(model) = keyed_model(&name) {
                    if let Ok(c) = cp.load(model) {
                        u.add(c, true);
                    }
                    // A map's views, iterators and entries early, as a
                    // list's iterator: the calls of a loop over a view
                    // try them before the other classes of the class path.
                    if MAP_MODELS.contains(&model) {
                        add_views(cp, &mut u);
                    }
                } else if let Some((model, iterator)) = deque_model(&name) {
                    // A modelled deque (search::deques) and its iterator.
                    if let Ok(c) = cp.load(model) {
                        u.add(c, true);
                    }
                    if let Ok(c) = cp.load(iterator) {
                        u.add(c, false);
                    }
                } else if name == "java/lang/Class" {
                    // One per class, made by the JVM (docs/objects.md): an
                    // input `Class` is never built from fields, but named.
                    add_class_objects(cp, root, &mut u);
                } else if !c.is_interface() && !c.is_abstract() {
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
        // A list's iterator is made by `iterator()` (search::lists).
        if u.id(LIST_CLASS).is_some() {
            for iterator in [ITERATOR_CLASS, LIST_ITERATOR_CLASS] {
                if let Ok(c) = cp.load(iterator) {
                    u.add(c, false);
                }
            }
        }
        let sets = [
            SET_CLASS,
            LINKED_SET_CLASS,
            crate::jdk::collections::sorted::TREE_SET,
        ];
        for (model, iterator) in DEQUE_ITERATORS
            .into_iter()
            .chain(sets.map(|s| (s, KEY_ITERATOR)))
        {
            if u.id(model).is_some() {
                if let Ok(c) = cp.load(iterator) {
                    u.add(c, false);
                }
            }
        }
        // A map's views, their iterators and entries (search::map_views).
        if MAP_MODELS.iter().any(|m| u.id(m).is_some()) {
            add_views(cp, &mut u);
        }
        if u.len() == before && !add_mocks(cp, root, &mut u) {
            // A `StringBuilder` or `StringBuffer` (a parameter's or a
            // field's type, or one the code tests for) is an input like a
            // string: its contents are free at the entry
            // (search::builders) and labelled (labeling::builders).
            // Elsewhere (a `Comparable` parameter) it is no input: its
            // other methods (`compareTo`) are not modelled.
            let code = root.method().code.as_ref();
            let tested: Vec<&JType> = code.into_iter().flat_map(|c| c.tested_types()).collect();
            for name in crate::jdk::methods::BUILDER_CLASSES {
                let ty = JType::Object(name.to_string());
                if !near.contains(&ty) && !tested.contains(&&ty) {
                    u.not_input(name);
                }
            }
            // A `Class` is one per class, made by the JVM (docs/objects.md):
            // never an input built from fields, whatever the scan met.
            u.not_input("java/lang/Class");
            return Ok(u);
        }
    }
}

/// The types of the method's parameters (the receiver included) and of
/// the instance fields of their classes.
fn near_types(cp: &ClassPath, root: &MethodInfo) -> Vec<JType> {
    let params: Vec<JType> = root.method().arg_types(&root.class.name);
    let mut types = params.clone();
    for ty in &params {
        if let JType::Object(name) = ty {
            if let Ok(fields) = cp.instance_fields(name) {
                types.extend(fields.into_iter().map(|f| f.member.ty));
            }
        }
    }
    types.sort_by_key(|t| t.descriptor());
    types.dedup();
    types
}

/// Whether `ty` is `StringBuilder` or `StringBuffer`.
fn is_builder(ty: &JType) -> bool {
    matches!(ty, JType::Object(n) if crate::jdk::methods::BUILDER_CLASSES.contains(&n.as_str()))
}

/// Adds a mock class ([`crate::classpath::mock`]) for each interface type
/// of an input — a parameter (the receiver included), or a field of a
/// parameter's class — that no input class of the universe implements;
/// whether one was added. (Fields of every input class would be more
/// complete, but on a large jar that is thousands of classes.)
fn add_mocks(cp: &ClassPath, root: &MethodInfo, u: &mut Universe) -> bool {
    let types = near_types(cp, root);
    let mut added = false;
    for ty in types {
        let JType::Object(name) = ty else { continue };
        if !cp
            .load(&name)
            .is_ok_and(|c| c.is_interface() || c.is_abstract())
        {
            continue;
        }
        let mock = crate::classpath::mock::mock_class_name(&name);
        if u.id(&mock).is_some() || !u.input_candidates(cp, &name).is_empty() {
            continue;
        }
        if let Some(class) = crate::classpath::mock::mock_class(cp, &name) {
            u.add(cp.define(class), true);
            // What a mock's call raises under --mock-throws.
            if let Ok(c) = cp.load("java/lang/RuntimeException") {
                u.add(c, false);
            }
            added = true;
        }
    }
    added
}

/// Adds the classes of a modelled map's views, their iterators and
/// entries (search::map_views).
fn add_views(cp: &ClassPath, u: &mut Universe) {
    for view in crate::jdk::collections::views::VIEW_CLASSES {
        if let Ok(c) = cp.load(view) {
            u.add(c, false);
        }
    }
}

/// The modelled maps (search::keyed).
const MAP_MODELS: [&str; 3] = [
    crate::jdk::collections::keyed::MAP_CLASS,
    crate::jdk::collections::keyed::LINKED_MAP_CLASS,
    crate::jdk::collections::sorted::TREE_MAP,
];

/// The model class of inputs of static type `name`, if a map or set type
/// (search::keyed).
fn keyed_model(name: &str) -> Option<&'static str> {
    use crate::jdk::collections::keyed::{
        LINKED_MAP_CLASS, LINKED_MAP_TYPES, LINKED_SET_TYPES, MAP_CLASS, MAP_TYPES, SET_TYPES,
    };
    use crate::jdk::collections::sorted::{SORTED_MAP_TYPES, SORTED_SET_TYPES, TREE_MAP, TREE_SET};
    if MAP_TYPES.contains(&name) {
        Some(MAP_CLASS)
    } else if SORTED_MAP_TYPES.contains(&name) {
        Some(TREE_MAP)
    } else if SORTED_SET_TYPES.contains(&name) {
        Some(TREE_SET)
    } else if LINKED_MAP_TYPES.contains(&name) {
        Some(LINKED_MAP_CLASS)
    } else if LINKED_SET_TYPES.contains(&name) {
        Some(LINKED_SET_CLASS)
    } else if SET_TYPES.contains(&name) {
        Some(SET_CLASS)
    } else {
        None
    }
}

/// The modelled deques and the iterators they make (search::deques).
const DEQUE_ITERATORS: [(&str, &str); 2] = {
    use crate::jdk::collections::deques::*;
    [
        (ARRAY_DEQUE, DEQUE_ITERATOR),
        (LINKED_LIST, LINKED_ITERATOR),
    ]
};

/// The model class of inputs of static type `name` and its iterator, if
/// a queue or deque type (search::deques).
fn deque_model(name: &str) -> Option<(&'static str, &'static str)> {
    use crate::jdk::collections::deques::{ARRAY_DEQUE_TYPES, LINKED_TYPES};
    let model = if LINKED_TYPES.contains(&name) {
        DEQUE_ITERATORS[1]
    } else if ARRAY_DEQUE_TYPES.contains(&name) {
        DEQUE_ITERATORS[0]
    } else {
        return None;
    };
    Some(model)
}

/// The classes whose `Class` objects a `Class`-typed input may be: a few
/// JDK types related by subtyping and unrelated to each other (so tests of
/// `isInstance`, `isAssignableFrom` and `==` can go either way), and the
/// classes the method under test names with `ldc Foo.class` or reads from
/// a static field its class initializer sets to `Foo.class`. Choosing
/// among them closes the world (an assumption, [`crate::model::inputs`]).
fn add_class_objects(cp: &Program, root: &MethodInfo, u: &mut Universe) {
    use crate::classfile::bytecode::Constant;
    let literals: Vec<JType> = root
        .method()
        .code
        .iter()
        .flat_map(|code| code.instructions.iter())
        .filter_map(|insn| match &insn.op {
            Op::Const(c) => match c.as_ref() {
                Constant::Class(t @ JType::Object(_)) => Some(t.clone()),
                _ => None,
            },
            Op::GetStatic(f) => {
                let key = crate::model::FieldKey {
                    class: f.class.clone(),
                    name: f.name.clone(),
                };
                match crate::statics::initial(cp, &key) {
                    crate::statics::Initial::Constant(Constant::Class(t)) => Some(t),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect();
    let named = literals.iter().filter_map(|t| match t {
        JType::Object(name) => Some(name.clone()),
        _ => None,
    });
    let names: Vec<String> = CLASS_OBJECTS
        .iter()
        .map(|n| n.to_string())
        .chain(named)
        .collect();
    for name in names {
        if let Ok(c) = cp.load(&name) {
            u.add_class_object(c);
        }
    }
    let arrays = literals
        .iter()
        .filter(|t| matches!(t, JType::Array(_)))
        .map(JType::descriptor);
    for descriptor in ARRAY_CLASS_OBJECTS
        .iter()
        .map(|d| d.to_string())
        .chain(arrays)
    {
        u.add_array_class_object(&descriptor);
    }
}

/// The array types a `Class`-typed input may name, after the classes.
const ARRAY_CLASS_OBJECTS: [&str; 2] = ["[I", "[Ljava/lang/Object;"];

/// The JDK classes a `Class`-typed input may name, in the order labeling
/// tries them.
const CLASS_OBJECTS: [&str; 6] = [
    "java/lang/Object",
    "java/lang/String",
    "java/lang/Integer",
    "java/lang/CharSequence",
    "java/lang/Number",
    "java/lang/Comparable",
];

/// The enum `name` and the classes of its constants (the enum's own, or
/// the bodies of constants that have one).
fn add_enum(cp: &ClassPath, name: &str, u: &mut Universe) {
    for c in crate::enums::constants(cp, name).unwrap_or_default() {
        if let Ok(class) = cp.load(&c.class) {
            u.add(class, false);
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

/// The methods each virtual or interface call met in the scan may run,
/// kept from one call of the same method to the next: the universe only
/// grows, so only the classes added since the last time are looked at.
#[derive(Default)]
struct Dispatch {
    known: HashMap<(InvokeKind, MethodRef), Callees>,
}

/// For one call: how many of the universe's classes were looked at, and
/// the methods they select, in the order [`implementations`] gives them.
type Callees = (usize, Vec<Found<Method>>);

impl Dispatch {
    fn callees(
        &mut self,
        cp: &ClassPath,
        kind: InvokeKind,
        r: &MethodRef,
        classes: &[Arc<Class>],
    ) -> &[Found<Method>] {
        let (looked_at, callees) = self.known.entry((kind, r.clone())).or_default();
        if *looked_at < classes.len() {
            if let Ok(impls) = implementations(cp, kind, r, &classes[*looked_at..]) {
                for (found, _) in impls {
                    if !callees.iter().any(|c| same_method(c, &found)) {
                        callees.push(found);
                    }
                }
            }
            *looked_at = classes.len();
        }
        callees
    }
}

/// Adds to `u` what the code reachable from `root` creates or tests for.
fn scan_reachable(cp: &ClassPath, root: &MethodInfo, max_depth: usize, u: &mut Universe) {
    let mut seen = BTreeSet::new();
    let mut dispatch = Dispatch::default();
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
        // A map's views are the model's (HashMap's classes, search::map_views),
        // never the ones a LinkedHashMap's own `keySet()` makes.
        if let Some(ViewMethod::Make(_)) =
            ViewMethod::of(&class.name, &m.name, &m.descriptor, m.is_static())
        {
            continue;
        }
        // A collection model answers the methods of its class: their code
        // runs only to look for their exceptions, whose classes they make
        // themselves, not through their callees (a `LinkedHashSet`'s
        // `LinkedHashMap`, whose iterators would be candidates of every
        // iterator call).
        let depth = match crate::jdk::collections::is_modelled_class(&class.name) {
            true => max_depth,
            false => depth,
        };
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
                // An enum constant: the classes of its enum's constants.
                Op::GetStatic(f)
                    if crate::enums::is_constant_field(
                        cp,
                        &crate::model::FieldKey {
                            class: f.class.clone(),
                            name: f.name.clone(),
                        },
                    ) =>
                {
                    add_enum(cp, &f.class, u);
                }
                // `System.out` and `System.err` are `PrintStream`s made
                // before the method ran (src/jdk/strings/printing.rs).
                Op::GetStatic(f)
                    if f.class == "java/lang/System"
                        && matches!(f.name.as_str(), "out" | "err") =>
                {
                    if let Ok(c) = cp.load(crate::jdk::strings::printing::PRINT_STREAM) {
                        u.add(c, false);
                    }
                }
                // `ThreadLocalRandom.current()`: the one generator its
                // class made before the method ran (its draws are the
                // environment's, contracts/builtin.toml); `Instant.now()`
                // and the other objects the environment makes
                // (crate::jdk::env_objects).
                Op::Invoke(InvokeKind::Static, r)
                    if (r.class == THREAD_LOCAL_RANDOM && r.name == "current")
                        || EnvObject::of_call(&r.class, &r.name).is_some() =>
                {
                    if let Ok(c) = cp.load(&r.class) {
                        u.add(c, false);
                    }
                }
                // A lambda: the class LambdaMetafactory would spin.
                Op::InvokeDynamic {
                    name,
                    desc,
                    bootstrap,
                } if class
                    .bootstrap_method(*bootstrap)
                    .is_some_and(crate::classpath::lambda::is_lambda_bootstrap) =>
                {
                    if let Ok(c) =
                        crate::classpath::lambda::lambda_class(&class, *bootstrap, name, desc)
                    {
                        u.add(cp.define(c), false);
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
                    for found in dispatch.callees(cp, *kind, r, u.classes()) {
                        push(&mut work, found, depth);
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classfile::descriptor::MethodDescriptor;

    /// What the scan keeps of a call's callees, looked at again after the
    /// universe grew, is what the whole universe selects.
    #[test]
    fn callees_grow_with_the_universe() {
        let cp = ClassPath::new().expect("the JDK");
        let load = |names: &[&str]| -> Vec<Arc<Class>> {
            names
                .iter()
                .map(|n| cp.load(n).expect("a JDK class"))
                .collect()
        };
        let r = MethodRef {
            class: "java/lang/Object".into(),
            name: "toString".into(),
            descriptor: "()Ljava/lang/String;".into(),
            desc: MethodDescriptor::parse("()Ljava/lang/String;").expect("a descriptor"),
        };
        let names = |callees: &[Found<Method>]| -> Vec<String> {
            callees.iter().map(|c| c.class.name.clone()).collect()
        };
        let mut classes = load(&["java/lang/Object", "java/lang/String"]);
        let mut dispatch = Dispatch::default();
        let first = names(dispatch.callees(&cp, InvokeKind::Virtual, &r, &classes));
        assert_eq!(first, ["java/lang/Object", "java/lang/String"]);
        classes.extend(load(&[
            "java/lang/Integer",
            "java/lang/Thread",
            "java/lang/Long",
        ]));
        let grown = names(dispatch.callees(&cp, InvokeKind::Virtual, &r, &classes));
        let whole: Vec<String> = implementations(&cp, InvokeKind::Virtual, &r, &classes)
            .expect("resolved")
            .into_iter()
            .map(|(f, _)| f.class.name.clone())
            .collect();
        assert_eq!(grown, whole);
        assert_eq!(grown.len(), 5);
    }
}
