//! From what the user typed to a class, a method and a pc — or one line
//! saying exactly what is wrong with the input.

use std::path::Path;
use std::sync::Arc;

use super::{classpath_entries, Source};
use jaut::classfile::descriptor::{internal_name, java_name};
use jaut::classfile::{Class, Code, Method, Pc};
use jaut::classpath::{ClassPath, ClassPathError};

/// Input the user can fix. Its message is the whole error line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

impl From<ClassPathError> for UserError {
    fn from(e: ClassPathError) -> Self {
        UserError(e.to_string())
    }
}

fn user<T>(message: impl Into<String>) -> Result<T, UserError> {
    Err(UserError(message.into()))
}

/// The class path and the classes TARGET names.
pub struct Selected {
    pub cp: ClassPath,
    pub classes: Vec<Arc<Class>>,
}

impl Selected {
    /// The one class, or an error asking for `--class`.
    pub fn single(&self, target: &str) -> Result<Arc<Class>, UserError> {
        match self.classes.as_slice() {
            [one] => Ok(one.clone()),
            [] => user(format!("{target} holds no classes")),
            many => {
                let names: Vec<String> = many.iter().take(5).map(|c| c.java_name()).collect();
                let more = if many.len() > 5 { ", ..." } else { "" };
                user(format!(
                    "{target} holds {} classes; choose one with --class ({}{more})",
                    many.len(),
                    names.join(", ")
                ))
            }
        }
    }
}

/// Builds the class path from TARGET and `--classpath`, and finds the
/// classes TARGET and `--class` designate (all of TARGET's classes when
/// `--class` is absent).
pub fn select(source: &Source) -> Result<Selected, UserError> {
    let Some(target) = source.target.as_deref() else {
        return user("no TARGET given: name a .class file, a directory, a jar or a class");
    };
    let mut cp = ClassPath::new()?;
    let path = Path::new(target);
    let looks_like_path = path.exists()
        || target.contains('/')
        || target.contains('\\')
        || target.ends_with(".class")
        || target.ends_with(".jar");

    let mut in_target: Vec<String> = Vec::new();
    if looks_like_path {
        if !path.exists() {
            return user(format!("{target}: no such file or directory"));
        }
        let names = cp.add(path).map_err(|e| describe_entry_error(target, e))?;
        if path.is_file() && names.len() == 1 && !is_zip(path) {
            // A lone .class file: put its package root on the class path so
            // the classes beside it (Chrono next to Coord) load too.
            if let Some(root) = ClassPath::package_root(path, &names[0]) {
                cp.add(&root)?;
            }
        }
        in_target = names;
    }
    for entry in classpath_entries(&source.classpath) {
        cp.add(&entry)
            .map_err(|e| UserError(format!("--classpath entry {e}")))?;
    }

    let classes = match (&source.class, looks_like_path) {
        // TARGET is itself a class name: --class may only repeat it, not
        // silently replace it.
        (Some(wanted), false) if !names_class(wanted, target) => {
            return user(format!(
                "TARGET {target} is a class name, but --class names {wanted}; \
                 --class chooses a class in a directory or jar TARGET"
            ));
        }
        (Some(wanted), true) => {
            let name = pick_class_name(wanted, &in_target, looks_like_path, target)?;
            vec![load(&cp, &name)?]
        }
        (None, true) => {
            if in_target.is_empty() {
                return user(format!("{target} holds no class files"));
            }
            in_target
                .iter()
                .map(|n| load(&cp, n))
                .collect::<Result<Vec<_>, _>>()?
        }
        (_, false) => vec![load(&cp, &internal_name(target)).map_err(|e| match e {
            UserError(m) if m.contains("not found") => UserError(format!(
                "{target}: no such file, directory or class on the class path"
            )),
            other => other,
        })?],
    };
    Ok(Selected { cp, classes })
}

fn load(cp: &ClassPath, name: &str) -> Result<Arc<Class>, UserError> {
    cp.load(name).map_err(|e| match e {
        ClassPathError::ClassNotFound(n) => UserError(format!(
            "class {} not found on the class path",
            java_name(&n)
        )),
        other => UserError(other.to_string()),
    })
}

fn is_zip(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && &head == b"PK"
}

fn describe_entry_error(target: &str, e: ClassPathError) -> UserError {
    match e {
        ClassPathError::BadClass { source, .. } => UserError(format!("{target}: {source}")),
        other => UserError(other.to_string()),
    }
}

/// Whether `--class wanted` designates the class named `target`: the same
/// name, or its simple name.
fn names_class(wanted: &str, target: &str) -> bool {
    let wanted = internal_name(wanted.trim_end_matches(".class"));
    let target = internal_name(target);
    wanted == target || target.rsplit('/').next() == Some(wanted.as_str())
}

/// Resolves `--class`: a Java or internal name, or a simple name unique in TARGET.
fn pick_class_name(
    wanted: &str,
    in_target: &[String],
    has_target: bool,
    target: &str,
) -> Result<String, UserError> {
    let internal = internal_name(wanted.trim_end_matches(".class"));
    if !has_target || in_target.contains(&internal) {
        return Ok(internal);
    }
    let by_simple: Vec<&String> = in_target
        .iter()
        .filter(|n| n.rsplit('/').next() == Some(internal.as_str()))
        .collect();
    match by_simple.as_slice() {
        [one] => Ok((*one).clone()),
        [] => user(format!("{target} has no class {wanted}")),
        many => user(format!(
            "--class {wanted} is ambiguous in {target}: {}",
            many.iter()
                .map(|n| java_name(n))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Finds a method by `name` or `name(descriptor)`.
pub fn find_method<'c>(class: &'c Class, spec: &str) -> Result<&'c Method, UserError> {
    let (name, desc) = match spec.find('(') {
        Some(i) => (&spec[..i], Some(&spec[i..])),
        None => (spec, None),
    };
    let named: Vec<&Method> = class.methods.iter().filter(|m| m.name == name).collect();
    if named.is_empty() {
        let mut names: Vec<&str> = class.methods.iter().map(|m| m.name.as_str()).collect();
        names.dedup();
        return user(format!(
            "class {} has no method {name} (it has: {})",
            class.java_name(),
            names.join(", ")
        ));
    }
    let matching: Vec<&Method> = match desc {
        // A descriptor without its return type is accepted too: `moveY(Lcoord/Chrono;I)`.
        Some(d) => named
            .iter()
            .copied()
            .filter(|m| m.descriptor == d || (d.ends_with(')') && m.descriptor.starts_with(d)))
            .collect(),
        None => named.clone(),
    };
    match matching.as_slice() {
        [one] => Ok(one),
        [] => user(format!(
            "class {} has no method {spec}; candidates: {}",
            class.java_name(),
            named
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
        many => user(format!(
            "method {name} is overloaded in {}; add the descriptor: {}",
            class.java_name(),
            many.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The code of a method, or why it has none.
pub fn code_of<'m>(class: &Class, method: &'m Method) -> Result<&'m Code, UserError> {
    let what = if method.is_abstract() {
        Some("abstract")
    } else if method.is_native() {
        Some("native")
    } else {
        None
    };
    match (&method.code, what) {
        (Some(code), _) => Ok(code),
        (None, Some(what)) => user(format!(
            "{}.{method} is {what}: it has no bytecode to aim at",
            class.java_name()
        )),
        (None, None) => user(format!(
            "{}.{method} has no Code attribute",
            class.java_name()
        )),
    }
}

/// What the user aims at: a pc, given directly or through a line.
pub struct Aim {
    pub pc: Pc,
    /// Other pcs of the same line, when aimed at by line.
    pub line_pcs: Vec<Pc>,
}

/// Checks a pc or finds a line's first instruction.
pub fn aim(
    class: &Class,
    method: &Method,
    code: &Code,
    pc: Option<u32>,
    line: Option<u16>,
) -> Result<Aim, UserError> {
    let where_ = format!("{}.{method}", class.java_name());
    if let Some(pc) = pc {
        if code.index_of(pc).is_some() {
            return Ok(Aim {
                pc,
                line_pcs: Vec::new(),
            });
        }
        if pc >= code.code_len {
            return user(format!(
                "pc {pc} is past the end of {where_}, whose code is {} bytes (last instruction at pc {})",
                code.code_len,
                code.instructions.last().map_or(0, |i| i.pc)
            ));
        }
        let (before, after) = code.nearest_pcs(pc);
        let describe = |p: Option<Pc>| {
            p.and_then(|p| code.instruction_at(p))
                .map(|i| format!("{} ({})", i.pc, i.mnemonic()))
        };
        let near: Vec<String> = [describe(before), describe(after)]
            .into_iter()
            .flatten()
            .collect();
        return user(format!(
            "pc {pc} is not at an instruction start in {where_}; nearest: {}",
            near.join(", ")
        ));
    }
    let line = line.expect("clap requires --pc or --line");
    if code.lines.is_empty() {
        return user(format!(
            "{where_} has no line numbers (compiled without -g?); aim with --pc"
        ));
    }
    let pcs = code.pcs_of_line(line);
    match pcs.split_first() {
        Some((first, rest)) => Ok(Aim {
            pc: *first,
            line_pcs: rest.to_vec(),
        }),
        None => {
            let lo = code.lines.iter().map(|l| l.line).min().unwrap_or(0);
            let hi = code.lines.iter().map(|l| l.line).max().unwrap_or(0);
            user(format!(
                "line {line} has no code in {where_} (its code is on lines {lo}-{hi})"
            ))
        }
    }
}
