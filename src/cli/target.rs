//! From what the user typed to a class, a method and a pc — or one line
//! saying exactly what is wrong with the input.

use std::path::Path;
use std::sync::Arc;

use super::{classpath_entries, Source};
use jaut::classfile::descriptor::{internal_name, java_name};
use jaut::classfile::{Class, Code, Method, Pc};
use jaut::classpath::{ClassPath, ClassPathError};
use jaut::program::Program;

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

/// The program (its class path) and the classes TARGET names.
pub struct Selected {
    pub cp: Program,
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

/// What kind of thing TARGET is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// A directory of classes or a jar.
    Entries,
    /// One `.class` file (its package root is on the class path too).
    ClassFile,
    /// A class name found on the class path.
    ClassName,
}

/// TARGET on its class path, before any class is chosen.
pub struct Opened {
    pub cp: Program,
    /// Internal names of the classes TARGET holds (for a class name, that
    /// name), in class-path order.
    pub names: Vec<String>,
    pub kind: TargetKind,
}

/// Builds the class path from TARGET and `classpath`, and lists the
/// classes TARGET holds. `wanted` (the `--class` values) only shapes the
/// advice given when TARGET is a package directory instead of a root.
pub fn open(target: &str, classpath: &[String], wanted: &[String]) -> Result<Opened, UserError> {
    let mut cp = ClassPath::new()?;
    let path = Path::new(target);
    let looks_like_path = path.exists()
        || target.contains('/')
        || target.contains('\\')
        || target.ends_with(".class")
        || target.ends_with(".jar");

    let (names, kind) = if looks_like_path {
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
            (names, TargetKind::ClassFile)
        } else {
            if names.is_empty() {
                return user(format!("{target} holds no class files"));
            }
            if path.is_dir() {
                check_package_root(target, path, &names, wanted)?;
            }
            (names, TargetKind::Entries)
        }
    } else {
        (vec![internal_name(target)], TargetKind::ClassName)
    };
    for entry in classpath_entries(classpath) {
        cp.add(&entry)
            .map_err(|e| UserError(format!("--classpath entry {e}")))?;
    }
    Ok(Opened {
        cp: Program::new(cp),
        names,
        kind,
    })
}

/// Builds the class path from TARGET and `--classpath`, and finds the
/// classes TARGET and `--class` designate (all of TARGET's classes when
/// `--class` is absent).
pub fn select(source: &Source) -> Result<Selected, UserError> {
    let Some(target) = source.target.as_deref() else {
        return user("no TARGET given: name a .class file, a directory, a jar or a class");
    };
    let wanted: Vec<String> = source.class.iter().cloned().collect();
    let Opened { cp, names, kind } = open(target, &source.classpath, &wanted)?;
    let classes = match (&source.class, kind) {
        // TARGET is itself a class name: --class may only repeat it, not
        // silently replace it.
        (Some(wanted), TargetKind::ClassName) if !names_class(wanted, target) => {
            return user(format!(
                "TARGET {target} is a class name, but --class names {wanted}; \
                 --class chooses a class in a directory or jar TARGET"
            ));
        }
        (_, TargetKind::ClassName) => vec![load_target(&cp, target)?],
        (Some(wanted), _) => vec![load(&cp, &pick_class_name(wanted, &names, target)?)?],
        (None, _) => names
            .iter()
            .map(|n| load(&cp, n))
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(Selected { cp, classes })
}

/// Loads the class a class-name TARGET names.
pub fn load_target(cp: &ClassPath, target: &str) -> Result<Arc<Class>, UserError> {
    load(cp, &internal_name(target)).map_err(|e| match e {
        UserError(m) if m.contains("not found") => UserError(format!(
            "{target}: no such file, directory or class on the class path"
        )),
        other => other,
    })
}

pub fn load(cp: &ClassPath, name: &str) -> Result<Arc<Class>, UserError> {
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

/// A directory TARGET must be a class-path root: `classes/coord/Coord.class`
/// holds `coord/Coord`, so `classes/coord` is not a root but `classes` is.
/// One class file (the first) tells; a directory whose classes all sit
/// where their packages say passes. Unreadable classes are left to the
/// loads that follow, which report them with their paths.
fn check_package_root(
    target: &str,
    dir: &Path,
    names: &[String],
    wanted: &[String],
) -> Result<(), UserError> {
    let first = &names[0];
    let Ok(bytes) = std::fs::read(dir.join(format!("{first}.class"))) else {
        return Ok(());
    };
    let Ok(class) = Class::parse(&bytes) else {
        return Ok(());
    };
    let Some(package) = class
        .name
        .strip_suffix(first.as_str())
        .and_then(|p| p.strip_suffix('/'))
        .filter(|p| !p.is_empty())
    else {
        return Ok(());
    };
    let package = java_name(package);
    // The root: the directory less one level per package segment, when the
    // directories are named for the package.
    let mut root = dir.to_path_buf();
    for segment in package.rsplit('.') {
        if root.file_name().and_then(|n| n.to_str()) != Some(segment) {
            return user(format!(
                "{target} holds classes of package {package} (such as {}) but is not \
                 a class-path root, and its directories do not spell the package",
                java_name(&class.name)
            ));
        }
        root.pop();
    }
    let root = if root.as_os_str().is_empty() {
        ".".to_string()
    } else {
        root.display().to_string()
    };
    let qualify = |name: &str| {
        let name = java_name(name.trim_end_matches(".class"));
        if name.starts_with(&format!("{package}.")) {
            name
        } else {
            format!("{package}.{name}")
        }
    };
    let advice = if wanted.is_empty() {
        let mut top: Vec<String> = names
            .iter()
            .filter(|n| !n.contains('$'))
            .map(|n| qualify(n))
            .collect();
        if top.is_empty() {
            top = names.iter().map(|n| qualify(n)).collect();
        }
        match top.as_slice() {
            [one] => format!("--class {one}"),
            many => format!(
                "--class to choose among {}{}",
                many.iter().take(5).cloned().collect::<Vec<_>>().join(", "),
                if many.len() > 5 { ", ..." } else { "" }
            ),
        }
    } else {
        wanted
            .iter()
            .map(|w| format!("--class {}", qualify(w)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    user(format!(
        "{target} holds package {package}, not a class-path root: give its root {root} \
         as TARGET (and {advice})"
    ))
}

/// Whether `--class wanted` designates the class named `target`: the same
/// name, or its simple name.
fn names_class(wanted: &str, target: &str) -> bool {
    let wanted = internal_name(wanted.trim_end_matches(".class"));
    let target = internal_name(target);
    wanted == target || target.rsplit('/').next() == Some(wanted.as_str())
}

/// The simple name of a nested class as written in Java (`Inner` for
/// `pkg/Outer$Inner`, `Local` for a local class `pkg/Outer$1Local`), or
/// `None` for a top-level or anonymous class.
fn nested_simple_name(name: &str) -> Option<&str> {
    let (_, last) = name.rsplit('/').next()?.rsplit_once('$')?;
    Some(last.trim_start_matches(|c: char| c.is_ascii_digit())).filter(|s| !s.is_empty())
}

/// The classes nested in `outer` (member, local and anonymous: binary
/// names `outer$...`) among `names`. javac names them so; the InnerClasses
/// attribute would say the same for classes it compiled.
pub fn nested_in<'n>(outer: &str, names: &'n [String]) -> impl Iterator<Item = &'n String> {
    let prefix = format!("{outer}$");
    names.iter().filter(move |n| n.starts_with(&prefix))
}

/// Resolves `--class` among the class names of TARGET (`what` names it in
/// messages): a Java or internal name (`pkg.Outer`, `pkg/Outer`,
/// `pkg.Outer$Inner`, or with dots for `$`: `pkg.Outer.Inner`), or a
/// simple name unique among them (`Outer`, `Outer$Inner`, `Inner`).
pub fn pick_class_name(wanted: &str, names: &[String], what: &str) -> Result<String, UserError> {
    let internal = internal_name(wanted.trim_end_matches(".class"));
    // `pkg/Outer/Inner` may be `pkg/Outer$Inner`: try `$` for the last
    // slashes, one more at a time.
    let spellings = std::iter::successors(Some(internal.clone()), |s| {
        s.rfind('/').map(|i| format!("{}${}", &s[..i], &s[i + 1..]))
    });
    let mut simple: Vec<&String> = Vec::new();
    for spelling in spellings {
        if names.contains(&spelling) {
            return Ok(spelling);
        }
        if simple.is_empty() {
            simple = names
                .iter()
                .filter(|n| n.rsplit('/').next() == Some(spelling.as_str()))
                .collect();
        }
    }
    if simple.is_empty() && !internal.contains(['/', '$']) {
        simple = names
            .iter()
            .filter(|n| nested_simple_name(n) == Some(internal.as_str()))
            .collect();
    }
    match simple.as_slice() {
        [one] => Ok((*one).clone()),
        [] => user(format!("{what} has no class {wanted}")),
        many => user(format!(
            "--class {wanted} is ambiguous in {what}: {}",
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
