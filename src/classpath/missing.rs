//! Classes the code under test names that the class path lacks, and the
//! jars beside the target that have them.
//!
//! A class the JVM cannot find when the code first uses it is a
//! `NoClassDefFoundError` (JVMS §5.3, §5.4.3): run on `commons-text.jar`
//! alone, jaut's replays of 139 targets failed that way and calls into
//! commons-lang3 ended "unsupported", with nothing telling the user why
//! before the run. [`missing_classes`] lists what the classes under test
//! name (superclass, interfaces, field and method types, and the class
//! references of their instructions, JVMS §4.4.1) that no entry of the
//! class path has; [`jars_holding`] finds, among the jars of the given
//! directories (a Debian jar's `/usr/share/java`), a few that hold them,
//! so the warning can say which `--classpath` to add.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::classfile::bytecode::{Constant, Op};
use crate::classfile::descriptor::{JType, MethodDescriptor};
use crate::classfile::Class;

use super::{Archive, ClassPath};

/// The classes named by `classes` that `cp` does not have (internal
/// names, sorted).
pub fn missing_classes<'a>(
    cp: &ClassPath,
    classes: impl IntoIterator<Item = &'a Class>,
) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    for class in classes {
        names_of(class, &mut named);
    }
    named.into_iter().filter(|n| !cp.has(n)).collect()
}

/// Every class `class` names (element classes of array types included).
fn names_of(class: &Class, out: &mut BTreeSet<String>) {
    let mut names = Names(out);
    for name in class.super_class.iter().chain(&class.interfaces) {
        names.class_ref(name);
    }
    for f in &class.fields {
        names.ty(&f.ty);
    }
    for m in &class.methods {
        names.desc(&m.desc);
        let Some(code) = &m.code else { continue };
        for c in code.handlers.iter().filter_map(|h| h.catch_type.as_ref()) {
            names.class_ref(c);
        }
        for i in &code.instructions {
            match &i.op {
                Op::GetStatic(f) | Op::PutStatic(f) | Op::GetField(f) | Op::PutField(f) => {
                    names.class_ref(&f.class);
                    names.ty(&f.ty);
                }
                Op::Invoke(_, m) => {
                    names.class_ref(&m.class);
                    names.desc(&m.desc);
                }
                Op::New(c) => names.class_ref(c),
                Op::ANewArray(t)
                | Op::MultiANewArray(t, _)
                | Op::CheckCast(t)
                | Op::InstanceOf(t) => names.ty(t),
                Op::Const(c) => {
                    if let Constant::Class(t) = c.as_ref() {
                        names.ty(t);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The class names gathered from types, descriptors and references.
struct Names<'a>(&'a mut BTreeSet<String>);

impl Names<'_> {
    fn ty(&mut self, t: &JType) {
        let mut t = t;
        while let JType::Array(elem) = t {
            t = elem;
        }
        if let JType::Object(name) = t {
            self.0.insert(name.clone());
        }
    }

    fn desc(&mut self, d: &MethodDescriptor) {
        d.params.iter().for_each(|p| self.ty(p));
        self.ty(&d.ret);
    }

    /// A class reference: an internal name, or an array's descriptor.
    fn class_ref(&mut self, name: &str) {
        self.ty(&JType::from_class_ref(name));
    }
}

/// Jars of `dirs` that hold classes of `missing`, each with how many it
/// holds: the jar holding most first, then the one holding most of the
/// rest, and so on. Jars that cannot be read are passed over.
pub fn jars_holding(missing: &BTreeSet<String>, dirs: &[PathBuf]) -> Vec<(PathBuf, usize)> {
    let mut jars: Vec<(PathBuf, BTreeSet<String>)> = Vec::new();
    let mut seen = BTreeSet::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "jar"))
            .collect();
        // Debian's unversioned name first: it is the one to keep using.
        paths.sort_by_key(|p| (p.as_os_str().len(), p.clone()));
        for path in paths {
            // Debian's unversioned names are links to the versioned jars.
            let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            if !seen.insert(real) {
                continue;
            }
            let held = held_by(&path, missing);
            if !held.is_empty() {
                jars.push((path, held));
            }
        }
    }
    let mut left = missing.clone();
    let mut chosen = Vec::new();
    while let Some((i, n)) = jars
        .iter()
        .enumerate()
        .map(|(i, (_, held))| (i, held.intersection(&left).count()))
        .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)))
    {
        if n == 0 {
            break;
        }
        // `remove`, not `swap_remove`: ties go to the earlier jar.
        let (path, held) = jars.remove(i);
        left.retain(|c| !held.contains(c));
        chosen.push((path, n));
    }
    chosen
}

/// The classes of `missing` that the jar at `path` has.
fn held_by(path: &Path, missing: &BTreeSet<String>) -> BTreeSet<String> {
    match Archive::open(path, 0, "") {
        Ok(jar) => missing.iter().filter(|c| jar.has(c)).cloned().collect(),
        Err(_) => BTreeSet::new(),
    }
}
