//! What `jaut cover` covers: the TARGETs and `--class` opened into one
//! class path and the classes to cover, the methods of `--method`, the
//! budget, and the warning about classes the class path lacks.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{user, CoverArgs};
use crate::cli::target::{
    load, load_target, nested_in, open, pick_class_name, TargetKind, UserError,
};
use jaut::classfile::Class;
use jaut::cover;

/// A class path, the classes to cover, their directories or jars, and
/// whether a TARGET was a jar or a directory (not one class).
pub(super) type Selection = (jaut::program::Program, Vec<Arc<Class>>, Vec<PathBuf>, bool);

/// The run's budget per class when a jar or directory is covered without
/// `--budget`: a whole jar is not left to run for hours.
pub const DEFAULT_CLASS_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);

/// `--budget`, or for a jar or a directory without it, [`DEFAULT_CLASS_BUDGET`]
/// per class (nested classes go with their outer class), said on stderr.
pub(super) fn budget(
    args: &CoverArgs,
    units: &[cover::Unit],
    many: bool,
) -> Result<Option<std::time::Duration>, UserError> {
    if let Some(s) = args.budget {
        return crate::cli::seconds("--budget", s).map(Some);
    }
    if !many {
        return Ok(None);
    }
    let outer: std::collections::BTreeSet<&str> = units
        .iter()
        .map(|u| u.class.name.split('$').next().unwrap_or(&u.class.name))
        .collect();
    let budget = DEFAULT_CLASS_BUDGET * outer.len() as u32;
    eprintln!(
        "jaut: no --budget: {} s per class, {} {} = {} s (give --budget SECONDS to change it)",
        DEFAULT_CLASS_BUDGET.as_secs(),
        outer.len(),
        if outer.len() == 1 { "class" } else { "classes" },
        budget.as_secs()
    );
    Ok(Some(budget))
}

/// The classes the TARGETs and `--class` designate, one class path over
/// all of them, and the class directories or jars JaCoCo should analyse.
pub(super) fn classes(args: &CoverArgs) -> Result<Selection, UserError> {
    let mut cp = None;
    // Every class the TARGETs hold, in TARGET order, once.
    let mut names: Vec<String> = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut roots: Vec<PathBuf> = Vec::new();
    let mut many = false;
    for (i, target) in args.targets.iter().enumerate() {
        let mut classpath: Vec<String> = args
            .targets
            .iter()
            .enumerate()
            .filter(|&(j, t)| j != i && Path::new(t).exists())
            .map(|(_, t)| t.clone())
            .collect();
        classpath.extend(args.classpath.iter().cloned());
        let opened = open(target, &classpath, &args.class)?;
        let mut held = opened.names.clone();
        match opened.kind {
            TargetKind::ClassName => {
                load_target(&opened.cp, target)?;
            }
            TargetKind::ClassFile => {
                if let Some(root) =
                    jaut::classpath::ClassPath::package_root(Path::new(target), &held[0])
                {
                    roots.push(root);
                }
            }
            TargetKind::Entries => {
                many = true;
                roots.push(PathBuf::from(target));
            }
        }
        if opened.kind != TargetKind::Entries {
            // One class: its nested classes are where it is found.
            let nested: Vec<String> = nested_in(&held[0], opened.cp.user_class_names())
                .cloned()
                .collect();
            held.extend(nested);
        }
        for n in held {
            if seen.insert(n.clone()) {
                names.push(n);
            }
        }
        cp.get_or_insert(opened.cp);
    }
    let cp = cp.ok_or_else(|| user("no TARGET given"))?;

    let chosen: Vec<String> = if args.class.is_empty() {
        names
    } else {
        let what = match args.targets.as_slice() {
            [one] => one.clone(),
            _ => "the TARGETs".to_string(),
        };
        let mut chosen: Vec<String> = Vec::new();
        for wanted in &args.class {
            let name = pick_class_name(wanted, &names, &what)?;
            let nested: Vec<String> = nested_in(&name, &names).cloned().collect();
            for n in std::iter::once(name).chain(nested) {
                if !chosen.contains(&n) {
                    chosen.push(n);
                }
            }
        }
        // In the order the TARGETs hold them, whatever the order of --class.
        names.into_iter().filter(|n| chosen.contains(n)).collect()
    };
    let classes = chosen
        .iter()
        .map(|n| load(&cp, n))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((cp, classes, roots, many))
}

/// The methods to cover: those of every `--method` (all when none is
/// given), in class order, then method order. A `--method` that matches
/// nothing is an error: it is a typo more often than not.
pub(super) fn units(
    classes: &[Arc<Class>],
    methods: &[String],
) -> Result<Vec<cover::Unit>, UserError> {
    let names = || {
        let names: Vec<String> = classes.iter().take(5).map(|c| c.java_name()).collect();
        let more = if classes.len() > 5 { ", ..." } else { "" };
        format!("{}{more}", names.join(", "))
    };
    if methods.is_empty() {
        let units = cover::units(classes, None);
        if units.is_empty() {
            return Err(user(format!("no method with code in {}", names())));
        }
        return Ok(units);
    }
    let mut units: Vec<cover::Unit> = Vec::new();
    for m in methods {
        let found = cover::units(classes, Some(m));
        if found.is_empty() {
            return Err(user(format!("no method {m} with code in {}", names())));
        }
        units.extend(found);
    }
    let position = |u: &cover::Unit| {
        let class = classes
            .iter()
            .position(|c| Arc::ptr_eq(c, &u.class))
            .unwrap_or(usize::MAX);
        (class, u.index)
    };
    units.sort_by_key(position);
    units.dedup_by_key(|u| position(u));
    Ok(units)
}

/// A warning, before the run, when the classes under test name classes
/// the class path lacks: their code cannot be searched and their tests
/// cannot run (`NoClassDefFoundError`). It names the jars beside the
/// TARGETs that hold them, to add with `--classpath`.
pub(super) fn warn_missing(
    cp: &jaut::classpath::ClassPath,
    classes: &[Arc<jaut::classfile::Class>],
    targets: &[String],
) {
    use jaut::classpath::missing;
    let absent = missing::missing_classes(cp, classes.iter().map(|c| c.as_ref()));
    if absent.is_empty() {
        return;
    }
    let packages: std::collections::BTreeSet<&str> = absent
        .iter()
        .map(|c| c.rsplit_once('/').map_or("", |(p, _)| p))
        .collect();
    let shown: Vec<String> = packages
        .iter()
        .take(3)
        .map(|p| p.replace('/', "."))
        .collect();
    let more = packages.len().saturating_sub(shown.len());
    let mut line = format!(
        "jaut: warning: {} classes the code names are not on the class path (in {}{}): \
         calls into them end unknown and tests that reach them fail",
        absent.len(),
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more packages")
        } else {
            String::new()
        }
    );
    let dirs: Vec<PathBuf> = targets
        .iter()
        .map(Path::new)
        .filter(|t| t.is_file())
        .filter_map(|t| t.parent().map(Path::to_path_buf))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let jars = missing::jars_holding(&absent, &dirs);
    if !jars.is_empty() {
        let paths: Vec<String> = jars.iter().map(|(p, _)| p.display().to_string()).collect();
        let held: usize = jars.iter().map(|(_, n)| n).sum();
        line.push_str(&format!(
            "; {held} of them are in {}: add --classpath {}",
            paths.join(", "),
            paths.join(":")
        ));
    }
    eprintln!("{line}");
}

/// The shard's entry in its report, `units` cut to the shard's classes. A
/// shard's report lists every class of the selection, in the order one run
/// covers them: `jaut merge` puts the methods back in it.
pub(super) fn shard_entry(
    shard: cover::Shard,
    units: &mut Vec<cover::Unit>,
) -> cover::document::ShardEntry {
    let mut classes: Vec<String> = Vec::new();
    for u in units.iter() {
        let name = u.class.java_name();
        if !classes.contains(&name) {
            classes.push(name);
        }
    }
    units.retain(|u| shard.holds(&u.class.java_name()));
    cover::document::ShardEntry {
        index: shard.index,
        count: shard.count,
        classes,
    }
}
