//! Class hierarchy queries over a [`ClassPath`].
//!
//! - subtyping as `checkcast` decides it (JVMS §6.5 `checkcast`), arrays included;
//! - the common superclass used to merge frames at joins;
//! - field resolution (JVMS §5.4.3.2), method and interface-method resolution
//!   (§5.4.3.3, §5.4.3.4), and method selection for `invokevirtual` and
//!   `invokeinterface` (§5.4.6), with default methods chosen among the
//!   maximally-specific superinterface methods;
//! - the known subtypes of a type among the user's classes, which the
//!   explorer needs for the possible dynamic types of a reference.
//!
//! Names are internal class names (`java/util/List`) or, for arrays, field
//! descriptors (`[I`, `[Ljava/lang/Object;`), as the class file writes them.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::{ClassPath, ClassPathError};
use crate::classfile::{access, Class, Field, Method};

pub const OBJECT: &str = "java/lang/Object";

/// A member found by resolution or selection, with the class declaring it.
#[derive(Debug, Clone)]
pub struct Found<T> {
    pub class: Arc<Class>,
    pub member: T,
}

impl ClassPath {
    /// The class and its superclasses, from the class itself up to `Object`.
    pub fn superclass_chain(&self, name: &str) -> Result<Vec<Arc<Class>>, ClassPathError> {
        let mut chain = Vec::new();
        let mut next = Some(name.to_string());
        while let Some(n) = next {
            let class = self.load(&n)?;
            next = class.super_class.clone();
            chain.push(class);
            if chain.len() > 1000 {
                break; // a cycle only a corrupt class path can produce
            }
        }
        Ok(chain)
    }

    /// Every interface the class or interface implements or extends,
    /// directly or through its superclasses and superinterfaces.
    pub fn all_superinterfaces(&self, name: &str) -> Result<BTreeSet<String>, ClassPathError> {
        let mut seen = BTreeSet::new();
        let mut work: Vec<String> = Vec::new();
        for class in self.superclass_chain(name)? {
            work.extend(class.interfaces.iter().cloned());
        }
        while let Some(i) = work.pop() {
            if seen.insert(i.clone()) {
                work.extend(self.load(&i)?.interfaces.iter().cloned());
            }
        }
        Ok(seen)
    }

    /// Whether a value of type `from` may be stored where `to` is expected,
    /// as `checkcast` and `instanceof` decide it.
    pub fn is_assignable(&self, from: &str, to: &str) -> Result<bool, ClassPathError> {
        if from == to || to == OBJECT {
            return Ok(true);
        }
        if let Some(from_elem) = from.strip_prefix('[') {
            if let Some(to_elem) = to.strip_prefix('[') {
                return match (ref_name(from_elem), ref_name(to_elem)) {
                    (Some(f), Some(t)) => self.is_assignable(&f, &t),
                    _ => Ok(from_elem == to_elem),
                };
            }
            return Ok(to == "java/lang/Cloneable" || to == "java/io/Serializable");
        }
        if to.starts_with('[') {
            return Ok(false);
        }
        let known = self
            .lock_assignable()
            .get(from)
            .and_then(|tos| tos.get(to))
            .copied();
        if let Some(answer) = known {
            return Ok(answer);
        }
        let target = self.load(to)?;
        let answer = if target.is_interface() {
            self.all_superinterfaces(from)?.contains(to)
        } else {
            self.superclass_chain(from)?.iter().any(|c| c.name == to)
        };
        self.lock_assignable()
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), answer);
        Ok(answer)
    }

    /// The type a frame holds where values of types `a` and `b` meet: their
    /// first common superclass, interfaces counting as `Object` (as for the
    /// JVM's verifier by type inference), arrays merged element-wise.
    pub fn common_superclass(&self, a: &str, b: &str) -> Result<String, ClassPathError> {
        if a == b {
            return Ok(a.to_string());
        }
        match (a.strip_prefix('['), b.strip_prefix('[')) {
            (Some(ea), Some(eb)) => {
                return Ok(match (ref_name(ea), ref_name(eb)) {
                    (Some(ra), Some(rb)) => {
                        let common = self.common_superclass(&ra, &rb)?;
                        format!("[{}", descriptor_of(&common))
                    }
                    _ => OBJECT.to_string(),
                })
            }
            (None, None) => {}
            _ => return Ok(OBJECT.to_string()),
        }
        let chain_a = self.superclass_chain(a)?;
        if chain_a.first().is_some_and(|c| c.is_interface()) {
            return Ok(OBJECT.to_string());
        }
        let chain_b = self.superclass_chain(b)?;
        if chain_b.first().is_some_and(|c| c.is_interface()) {
            return Ok(OBJECT.to_string());
        }
        let in_b: BTreeSet<&str> = chain_b.iter().map(|c| c.name.as_str()).collect();
        Ok(chain_a
            .iter()
            .find(|c| in_b.contains(c.name.as_str()))
            .map_or_else(|| OBJECT.to_string(), |c| c.name.clone()))
    }

    /// Field resolution (JVMS §5.4.3.2): the class, then its superinterfaces,
    /// then its superclass, recursively.
    pub fn resolve_field(
        &self,
        class: &str,
        name: &str,
    ) -> Result<Option<Found<Field>>, ClassPathError> {
        let c = self.load(class)?;
        if let Some(f) = c.field(name) {
            return Ok(Some(Found {
                class: c.clone(),
                member: f.clone(),
            }));
        }
        for i in &c.interfaces {
            if let Some(found) = self.resolve_field(i, name)? {
                return Ok(Some(found));
            }
        }
        match &c.super_class {
            Some(s) => self.resolve_field(s, name),
            None => Ok(None),
        }
    }

    /// The instance fields of objects of a class, inherited ones included,
    /// superclass fields first (hidden fields appear once per declaring class).
    pub fn instance_fields(&self, class: &str) -> Result<Vec<Found<Field>>, ClassPathError> {
        let mut chain = self.superclass_chain(class)?;
        chain.reverse();
        Ok(chain
            .iter()
            .flat_map(|c| {
                c.fields.iter().filter(|f| !f.is_static()).map(|f| Found {
                    class: c.clone(),
                    member: f.clone(),
                })
            })
            .collect())
    }

    /// Method resolution for a `Methodref` (JVMS §5.4.3.3).
    pub fn resolve_method(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<Option<Found<Method>>, ClassPathError> {
        if class.starts_with('[') {
            // Arrays have Object's methods (clone is public on arrays).
            return self.resolve_method(OBJECT, name, descriptor);
        }
        for c in self.superclass_chain(class)? {
            if let Some(m) = c.method(name, descriptor) {
                return Ok(Some(Found {
                    class: c.clone(),
                    member: m.clone(),
                }));
            }
        }
        self.resolve_in_superinterfaces(class, name, descriptor)
    }

    /// Interface method resolution for an `InterfaceMethodref` (JVMS §5.4.3.4).
    pub fn resolve_interface_method(
        &self,
        interface: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<Option<Found<Method>>, ClassPathError> {
        let i = self.load(interface)?;
        if let Some(m) = i.method(name, descriptor) {
            return Ok(Some(Found {
                class: i.clone(),
                member: m.clone(),
            }));
        }
        let object = self.load(OBJECT)?;
        if let Some(m) = object.method(name, descriptor) {
            if m.access & access::PUBLIC != 0 && !m.is_static() {
                return Ok(Some(Found {
                    class: object.clone(),
                    member: m.clone(),
                }));
            }
        }
        self.resolve_in_superinterfaces(interface, name, descriptor)
    }

    /// Method selection (JVMS §5.4.6) for `invokevirtual`/`invokeinterface`:
    /// the method a receiver of class `runtime` runs for the resolved method.
    /// `None` means the JVM would throw `AbstractMethodError` (the selected
    /// method is abstract, or there is none) or
    /// `IncompatibleClassChangeError` (several maximally-specific defaults).
    pub fn select_method(
        &self,
        runtime: &str,
        resolved: &Found<Method>,
    ) -> Result<Option<Found<Method>>, ClassPathError> {
        let m = &resolved.member;
        if m.is_private() {
            return Ok(Some(resolved.clone()));
        }
        let runtime = if runtime.starts_with('[') {
            OBJECT
        } else {
            runtime
        };
        let chain = self.superclass_chain(runtime)?;
        for (i, c) in chain.iter().enumerate() {
            if let Some(candidate) = c.method(&m.name, &m.descriptor) {
                if !candidate.is_static() && can_override(&chain, i, candidate, &resolved.class, m)
                {
                    // An abstract selected method: AbstractMethodError.
                    return Ok((!candidate.is_abstract()).then(|| Found {
                        class: c.clone(),
                        member: candidate.clone(),
                    }));
                }
            }
        }
        let maximal = self.maximally_specific(runtime, &m.name, &m.descriptor)?;
        let mut concrete = maximal.into_iter().filter(|f| !f.member.is_abstract());
        Ok(match (concrete.next(), concrete.next()) {
            (Some(one), None) => Some(one),
            _ => None, // none: AbstractMethodError; several: IncompatibleClassChangeError
        })
    }

    /// The last steps of method and interface-method resolution (JVMS
    /// §5.4.3.3, §5.4.3.4): the one non-abstract maximally-specific
    /// superinterface method if there is exactly one, else any superinterface
    /// method (here a maximally-specific one), else none. Several defaults
    /// do not make resolution fail, only selection.
    fn resolve_in_superinterfaces(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<Option<Found<Method>>, ClassPathError> {
        let maximal = self.maximally_specific(class, name, descriptor)?;
        let concrete: Vec<_> = maximal.iter().filter(|f| !f.member.is_abstract()).collect();
        Ok(match concrete.as_slice() {
            [one] => Some((*one).clone()),
            _ => maximal.into_iter().next(),
        })
    }

    /// The maximally-specific superinterface methods of `class` with this
    /// name and descriptor (JVMS §5.4.3.3): declared, neither private nor
    /// static, in a superinterface none of whose subinterfaces among the
    /// class's superinterfaces declares one too.
    fn maximally_specific(
        &self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<Vec<Found<Method>>, ClassPathError> {
        let mut candidates = Vec::new();
        for i in self.all_superinterfaces(class)? {
            let c = self.load(&i)?;
            if let Some(m) = c.method(name, descriptor) {
                if !m.is_private() && !m.is_static() {
                    candidates.push(Found {
                        class: c.clone(),
                        member: m.clone(),
                    });
                }
            }
        }
        let mut maximal = Vec::new();
        for cand in &candidates {
            let mut shadowed = false;
            for other in &candidates {
                if other.class.name != cand.class.name
                    && self.is_assignable(&other.class.name, &cand.class.name)?
                {
                    shadowed = true;
                    break;
                }
            }
            if !shadowed {
                maximal.push(cand.clone());
            }
        }
        Ok(maximal)
    }

    /// Every class or interface among the user's class-path entries that is
    /// assignable to `name` (itself included when it is a user class), sorted.
    pub fn known_subtypes(&self, name: &str) -> Result<Vec<String>, ClassPathError> {
        let index = self.subtypes.get_or_init(|| self.build_subtype_index());
        let mut out = BTreeSet::new();
        let mut work = vec![name.to_string()];
        while let Some(n) = work.pop() {
            if let Some(children) = index.get(&n) {
                for c in children {
                    if out.insert(c.clone()) {
                        work.push(c.clone());
                    }
                }
            }
        }
        if self.user_class_names().iter().any(|n| n == name) {
            out.insert(name.to_string());
        }
        Ok(out.into_iter().collect())
    }

    /// The known subtypes that can be instantiated: neither abstract nor interfaces.
    pub fn concrete_subtypes(&self, name: &str) -> Result<Vec<String>, ClassPathError> {
        let mut out = Vec::new();
        for n in self.known_subtypes(name)? {
            let c = self.load(&n)?;
            if !c.is_interface() && !c.is_abstract() {
                out.push(n);
            }
        }
        Ok(out)
    }

    /// Direct supertypes → direct subtypes, over the user's classes. A
    /// supertype outside the user's classes (a JDK class) has no entry of its
    /// own, so its supertypes get the user class as a subtype too: a class
    /// extending `AbstractList` is a known `List`. Classes that fail to load
    /// are left out of the index (they are reported when the explorer loads
    /// them).
    fn build_subtype_index(&self) -> HashMap<String, BTreeSet<String>> {
        let mut index: HashMap<String, BTreeSet<String>> = HashMap::new();
        let user: BTreeSet<String> = self.user_class_names().iter().cloned().collect();
        for name in &user {
            let Ok(class) = self.load(name) else {
                continue;
            };
            let supers = class.super_class.iter().chain(class.interfaces.iter());
            for s in supers {
                index.entry(s.clone()).or_default().insert(name.clone());
                if user.contains(s) {
                    continue;
                }
                let above = self.superclass_chain(s).and_then(|chain| {
                    let interfaces = self.all_superinterfaces(s)?;
                    Ok(chain
                        .iter()
                        .skip(1)
                        .map(|c| c.name.clone())
                        .chain(interfaces)
                        .collect::<Vec<_>>())
                });
                for t in above.unwrap_or_default() {
                    index.entry(t).or_default().insert(name.clone());
                }
            }
        }
        index
    }
}

/// JVMS §5.4.5: whether `mc`, declared in `chain[c]`, can override `ma`,
/// declared in `a`, where `chain` is a superclass chain holding `chain[c]`.
/// A package-private `ma` is overridden from another package only through a
/// class between the two that overrides it and is overridden in turn (a
/// `public` override in `ma`'s package makes the method overridable
/// everywhere below it).
fn can_override(chain: &[Arc<Class>], c: usize, mc: &Method, a: &Class, ma: &Method) -> bool {
    let c_class = &chain[c];
    if c_class.name == a.name {
        return true;
    }
    if mc.is_private() || ma.is_private() {
        return false;
    }
    if ma.access & (access::PUBLIC | access::PROTECTED) != 0 {
        return true;
    }
    // Package-private: from the same run-time package...
    if package_of(&c_class.name) == package_of(&a.name) {
        return true;
    }
    // ...or through a class B with C < B < A whose method mB overrides mA
    // and is overridden by mC.
    let Some(a_index) = chain.iter().position(|k| k.name == a.name) else {
        return false;
    };
    (c + 1..a_index).any(|b| {
        chain[b].method(&ma.name, &ma.descriptor).is_some_and(|mb| {
            !mb.is_static()
                && can_override(chain, b, mb, a, ma)
                && can_override(chain, c, mc, &chain[b], mb)
        })
    })
}

/// The package part of an internal name (`java/util` for `java/util/List`).
pub fn package_of(name: &str) -> &str {
    name.rsplit_once('/').map_or("", |(p, _)| p)
}

/// For an array element descriptor naming a reference type, the name used in
/// hierarchy queries (`Ljava/lang/String;` → `java/lang/String`, `[I` → `[I`).
fn ref_name(elem: &str) -> Option<String> {
    if let Some(class) = elem.strip_prefix('L').and_then(|s| s.strip_suffix(';')) {
        Some(class.to_string())
    } else if elem.starts_with('[') {
        Some(elem.to_string())
    } else {
        None
    }
}

/// The field descriptor for a hierarchy name (`java/lang/String` →
/// `Ljava/lang/String;`; array descriptors are already descriptors).
pub fn descriptor_of(name: &str) -> String {
    if name.starts_with('[') {
        name.to_string()
    } else {
        format!("L{name};")
    }
}
