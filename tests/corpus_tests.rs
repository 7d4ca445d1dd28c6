//! The JDK's own classes (and Debian's commons-lang3, commons-collections4
//! and guava jars, when installed) as a corpus: every class parses, and for
//! every method with code the CFG and the frames satisfy the invariants
//! later stages rely on.
//!
//! - every block starts at an instruction and every edge lands on a block
//!   start (or an exit);
//! - blocks partition the code: consecutive, covering every instruction once;
//! - the frame after an edge's source instruction has the stack depth of the
//!   frame at its target (stack depths agree at joins);
//! - a handler's entry frame holds exactly one reference on the stack;
//! - inferred frames agree with the StackMapTable.

mod support;

use std::path::PathBuf;

use jaut::cfg::{Cfg, Edge, Node};
use jaut::classfile::Class;
use jaut::classpath::ClassPath;
use jaut::frames::{self, Frames, VType};

/// Checks one method; returns a description of the first broken invariant.
fn check_method(cp: &ClassPath, class: &Class, m: &jaut::classfile::Method) -> Result<(), String> {
    let Some(code) = &m.code else {
        return Ok(());
    };
    let cfg = Cfg::build(cp, code).map_err(|e| format!("cfg: {e}"))?;
    let fr: Frames = frames::compute(cp, class, m).map_err(|e| format!("frames: {e}"))?;
    frames::check_stack_map(cp, class, m, &fr).map_err(|e| format!("stack map: {e}"))?;

    // Blocks partition the instructions, in order.
    let mut next_index = 0;
    for &b in cfg.blocks() {
        let block = cfg.block(b).ok_or("a block id that is not a block")?;
        if block.first != next_index || block.last < block.first {
            return Err(format!(
                "block at pc {} does not follow its predecessor",
                block.start
            ));
        }
        if code.instructions[block.first].pc != block.start
            || code.instructions[block.last].next_pc() != block.end
        {
            return Err(format!("block at pc {} has wrong bounds", block.start));
        }
        next_index = block.last + 1;
    }
    if next_index != code.instructions.len() {
        return Err("blocks do not cover the code".into());
    }

    for (from, to, edge) in cfg.edges() {
        let Some(src) = cfg.block(from) else {
            return Err("an edge leaves an exit".into());
        };
        let to_block = match cfg.node(to) {
            Node::Block(b) => Some(b),
            Node::ReturnExit => {
                if !matches!(edge, Edge::Return { .. }) {
                    return Err(format!("{edge} goes to the return exit"));
                }
                None
            }
            Node::ThrowExit => {
                if !matches!(edge, Edge::Uncaught { .. }) {
                    return Err(format!("{edge} goes to the throw exit"));
                }
                None
            }
        };
        let Some(to_block) = to_block else { continue };
        if code.index_of(to_block.start).is_none() {
            return Err(format!(
                "{edge} lands at pc {}, not an instruction",
                to_block.start
            ));
        }
        let source_pc = edge.source_pc().unwrap_or(code.instructions[src.last].pc);
        if !src.contains(source_pc) {
            return Err(format!("{edge} leaves from outside its block"));
        }
        // Frames only exist on paths from the entry.
        let (Some(before), Some(target)) = (fr.at(source_pc), fr.at(to_block.start)) else {
            continue;
        };
        if let Edge::Exception { .. } = edge {
            if target.stack.len() != 1 || !matches!(target.stack[0], VType::Ref(_)) {
                return Err(format!(
                    "handler at pc {} has stack {:?}, not one reference",
                    to_block.start, target.stack
                ));
            }
            continue;
        }
        let insn = code
            .instruction_at(source_pc)
            .expect("source pc is an instruction");
        let after = frames::step(class, code, source_pc, &insn.op, before.clone())
            .map_err(|e| format!("step: {e}"))?
            .ok_or_else(|| format!("{edge} leaves an instruction that ends control"))?;
        if after.stack.len() != target.stack.len() {
            return Err(format!(
                "{edge}: stack depth {} after pc {source_pc}, {} at pc {}",
                after.stack.len(),
                target.stack.len(),
                to_block.start
            ));
        }
    }
    Ok(())
}

/// Loads and checks `names` on `threads` threads, each with its own class
/// path; returns (classes, methods, failures).
fn check_all(
    make_cp: &(dyn Fn() -> ClassPath + Sync),
    names: &[String],
) -> (usize, usize, Vec<String>) {
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(4);
    let results: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|s| {
        (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let cp = make_cp();
                    let (mut classes, mut methods, mut failures) = (0, 0, Vec::new());
                    for name in names.iter().skip(t).step_by(threads) {
                        let class = match cp.load(name) {
                            Ok(c) => c,
                            Err(e) => {
                                failures.push(format!("{name}: {e}"));
                                continue;
                            }
                        };
                        classes += 1;
                        for m in &class.methods {
                            methods += usize::from(m.code.is_some());
                            if let Err(e) = check_method(&cp, &class, m) {
                                failures.push(format!("{}.{m}: {e}", class.name));
                            }
                        }
                    }
                    (classes, methods, failures)
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().expect("checker thread"))
            .collect()
    });
    results
        .into_iter()
        .fold((0, 0, Vec::new()), |(c, m, mut f), (c2, m2, f2)| {
            f.extend(f2);
            (c + c2, m + m2, f)
        })
}

fn assert_clean(corpus: &str, (classes, methods, failures): (usize, usize, Vec<String>)) {
    eprintln!(
        "{corpus}: {classes} classes, {methods} methods, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{corpus}: {} failures, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn java_base_satisfies_invariants() {
    let cp = ClassPath::new().expect("a JDK with jmods");
    let names = cp.jdk().expect("jdk").module_class_names("java.base");
    assert!(names.len() > 5000, "java.base has {} classes", names.len());
    let result = check_all(&|| ClassPath::new().expect("a JDK with jmods"), &names);
    assert_eq!(result.0, names.len(), "every class of java.base loads");
    assert_clean("java.base", result);
}

#[test]
fn debian_jars_satisfy_invariants() {
    let jars: Vec<PathBuf> = ["commons-lang3", "commons-collections4", "guava"]
        .iter()
        .map(|j| PathBuf::from(format!("/usr/share/java/{j}.jar")))
        .filter(|p| p.is_file())
        .collect();
    if jars.is_empty() {
        eprintln!("no Debian corpus jars installed (scripts/setup.sh installs them); skipped");
        return;
    }
    let make = || {
        let mut cp = ClassPath::new().expect("a JDK with jmods");
        for j in &jars {
            cp.add(j).expect("a readable jar");
        }
        cp
    };
    let names = make().user_class_names().to_vec();
    assert_clean("Debian jars", check_all(&make, &names));
}

#[test]
fn samples_satisfy_invariants() {
    let cp = support::sample_classpath();
    let names = cp.user_class_names();
    assert!(names.iter().any(|n| n == "coord/Coord"));
    let result = check_all(
        &|| {
            let mut cp = ClassPath::new().expect("a JDK with jmods");
            cp.add(support::samples()).expect("samples directory");
            cp
        },
        names,
    );
    assert_eq!(result.0, names.len());
    assert_clean("samples", result);
}

/// The cross-check is not vacuous: a StackMapTable that disagrees with the
/// code is caught.
#[test]
fn stack_map_check_catches_a_wrong_frame() {
    use jaut::classfile::{StackMapEntry, VerificationType};
    let cp = support::sample_classpath();
    let class = cp.load("trityp/Trityp").expect("sample");
    let mut bad = (*class).clone();
    let m = bad
        .methods
        .iter_mut()
        .find(|m| m.name == "trityp")
        .expect("trityp");
    let fr = frames::compute(&cp, &class, m).expect("frames");
    assert!(frames::check_stack_map(&cp, &class, m, &fr).expect("agrees") > 0);

    // Declare the first local the table appends (trityp's `tri`, an int)
    // as a String.
    let table = m
        .code
        .as_mut()
        .and_then(|c| c.stack_map.as_mut())
        .expect("a table");
    let appended = table
        .iter_mut()
        .find_map(|e| match e {
            StackMapEntry::Append { locals, .. } => Some(locals),
            _ => None,
        })
        .expect("an append frame");
    appended[0] = VerificationType::Object("java/lang/String".into());
    let m = m.clone();
    let err = frames::check_stack_map(&cp, &bad, &m, &fr).expect_err("mismatch caught");
    assert!(err.message.contains("StackMapTable declares"), "{err}");
}
