//! Objects a program keeps in static final fields: a singleton's
//! `INSTANCE` (`StringMatcherFactory.INSTANCE`), an enum constant with a
//! body (`CharacterPredicates.ARABIC_NUMERALS`, of class
//! `CharacterPredicates$4`). Where the class initializer (JVMS §2.9.2)
//! stores a new object of the class in such a field, a test reads the
//! field instead of making the object; the replay checks that the field
//! holds an object of exactly that class, with the values the path reads
//! (docs/objects.md).

use crate::classfile::{access, Class};
use crate::classpath::ClassPath;
use crate::junit::access::Access;
use crate::state::{Construction, StaticRef};

/// Superclasses looked at for such fields, at most.
const DEPTH: usize = 3;

/// The static final fields a test in `package` may read that the class
/// initializer of `class`, of its outer class or of a superclass sets to a
/// new object of `class`, as constructions.
pub fn of(cp: &ClassPath, access: &mut Access, package: &str, class: &Class) -> Vec<Construction> {
    let mut owners: Vec<String> = Vec::new();
    if let Some((outer, _)) = class.name.rsplit_once('$') {
        owners.push(outer.to_string());
    }
    owners.push(class.name.clone());
    let mut up = class.super_class.clone();
    for _ in 0..DEPTH {
        let Some(s) = up else { break };
        up = cp.load(&s).ok().and_then(|c| c.super_class.clone());
        owners.push(s);
    }
    let mut out = Vec::new();
    for owner in owners {
        let Ok(c) = cp.load(&owner) else { continue };
        let java = c.java_name();
        if !access.type_accessible(&java) {
            continue;
        }
        let same_package = crate::junit::java::package_of(&java) == package;
        for field in instances_made(&c, &class.name) {
            let readable = c.fields.iter().any(|f| {
                f.name == field
                    && f.access & access::STATIC != 0
                    && f.access & access::FINAL != 0
                    && (f.access & access::PUBLIC != 0
                        || (same_package && f.access & access::PRIVATE == 0))
            });
            if readable {
                out.push(Construction {
                    descriptor: String::new(),
                    params: Vec::new(),
                    args: Vec::new(),
                    constant: Some(StaticRef {
                        class: java.clone(),
                        field,
                    }),
                    factory: None,
                    setters: Vec::new(),
                    builder: None,
                    free: Vec::new(),
                });
            }
        }
    }
    out
}

/// The static fields of `owner` its class initializer sets to a new object
/// of class `made` (internal name): `new made; …; putstatic owner.field`.
fn instances_made(owner: &Class, made: &str) -> Vec<String> {
    crate::enums::constant_classes(owner)
        .into_iter()
        .filter(|(_, class)| class == made)
        .map(|(field, _)| field)
        .collect()
}
