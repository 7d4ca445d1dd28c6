//! The test class around the methods: header comment, package, imports,
//! the class declaration, the methods in a fixed order under unique names,
//! and the helper methods they call (`helpers.rs`).
//!
//! JUnit facts relied on: JUnit 5 (Jupiter) finds package-private test
//! classes and methods, so the class and its methods carry no modifier;
//! JUnit 4 runs only public classes with public `@Test` methods. Both
//! flavours import their assertions statically (`Assertions.*`,
//! `Assert.*`), which have the same names for what the tests use
//! (`assertEquals`, `assertSame`, `assertThrows`, ...).
//!
//! Test methods are sorted by method, descriptor and pc, and a clashing name
//! gets `_pc<N>`, then `_2`, `_3`: names follow from the content only, so
//! the same tests write the same bytes whatever the order they were added.

use std::collections::BTreeSet;

use super::helpers::{helper_source, Helpers};
use super::java;
use super::{Flavor, TestMethod};

/// The source of a whole test class.
pub(super) fn class_source(flavor: Flavor, class: &str, methods: &[TestMethod]) -> String {
    class_source_mapped(flavor, class, methods).0
}

/// Where a line of a test class's source comes from, so that what javac
/// or a JUnit run says of a line can be traced back to a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineOrigin {
    /// The preamble, a helper method, a blank line or the closing brace.
    Frame,
    /// The Javadoc, comment, annotations, signature or closing brace of
    /// `methods[method]`.
    Method { method: usize },
    /// Statement `statement` of the body of `methods[method]`.
    Statement { method: usize, statement: usize },
}

/// The source of a whole test class and, for each of its lines (the first
/// is line 1 at index 0), where it comes from; `method` indexes `methods`
/// as given.
pub(super) fn class_source_mapped(
    flavor: Flavor,
    class: &str,
    methods: &[TestMethod],
) -> (String, Vec<LineOrigin>) {
    let helpers = methods
        .iter()
        .fold(Helpers::default(), |h, m| h.union(m.helpers));
    let chunks: Vec<(usize, Vec<(String, LineOrigin)>)> = named_indices(methods)
        .into_iter()
        .map(|(name, i)| (i, method_lines(flavor, &name, i, &methods[i])))
        .collect();
    let sources: Vec<String> = chunks
        .iter()
        .map(|(_, lines)| lines.iter().map(|(l, _)| l.as_str()).collect())
        .collect();
    let text = assemble(flavor, class, helpers, &sources);
    let mut origins = Vec::new();
    let start = preamble(
        flavor,
        class,
        helpers,
        sources.iter().any(|m| asserts(m)),
        sources.iter().any(|m| disabled(m)),
    );
    origins.extend(std::iter::repeat_n(
        LineOrigin::Frame,
        start.matches('\n').count(),
    ));
    for (_, lines) in &chunks {
        for (line, origin) in lines {
            origins.extend(std::iter::repeat_n(*origin, line.matches('\n').count()));
        }
    }
    let total = text.matches('\n').count();
    origins.resize(total.max(origins.len()), LineOrigin::Frame);
    (text, origins)
}

/// The methods in the class's order, each with its unique name.
pub(super) fn named(methods: &[TestMethod]) -> Vec<(String, &TestMethod)> {
    named_indices(methods)
        .into_iter()
        .map(|(name, i)| (name, &methods[i]))
        .collect()
}

/// The indices of `methods` in the class's order, each with its unique
/// name.
pub(super) fn named_indices(methods: &[TestMethod]) -> Vec<(String, usize)> {
    let mut order: Vec<usize> = (0..methods.len()).collect();
    order.sort_by(|&a, &b| methods[a].key.cmp(&methods[b].key));
    let mut used = BTreeSet::new();
    order
        .into_iter()
        .map(|i| (unique_name(&mut used, &methods[i]), i))
        .collect()
}

/// A whole test class from the sources of its methods ([`method_source`])
/// and the helpers they call.
pub(super) fn assemble(
    flavor: Flavor,
    class: &str,
    helpers: Helpers,
    methods: &[String],
) -> String {
    let asserts = methods.iter().any(|m| asserts(m));
    let disables = methods.iter().any(|m| disabled(m));
    let mut out = preamble(flavor, class, helpers, asserts, disables);
    for m in methods {
        out.push_str(m);
    }
    out.push_str(&helper_source(helpers));
    out.push_str("}\n");
    out
}

/// One test method named `name`, with the blank line before it: its
/// Javadoc sentence, its comment, `@Test`, the body.
pub(super) fn method_source(flavor: Flavor, name: &str, m: &TestMethod) -> String {
    method_lines(flavor, name, 0, m)
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

/// [`method_source`] piece by piece, each piece (one line, or a statement
/// of several lines) with where it comes from; `index` is the method's.
fn method_lines(
    flavor: Flavor,
    name: &str,
    index: usize,
    m: &TestMethod,
) -> Vec<(String, LineOrigin)> {
    let public = match flavor {
        Flavor::Junit5 => "",
        Flavor::Junit4 => "public ",
    };
    let own = LineOrigin::Method { method: index };
    let mut out = vec![("\n".to_string(), LineOrigin::Frame)];
    out.push((format!("    /** {} */\n", m.doc), own));
    for c in &m.comment {
        out.push((format!("    // {}\n", java::comment_text(c)), own));
    }
    out.push(("    @Test\n".to_string(), own));
    if let Some(why) = &m.disabled {
        let annotation = match flavor {
            Flavor::Junit5 => "Disabled",
            Flavor::Junit4 => "Ignore",
        };
        out.push((
            format!("    @{annotation}({})\n", java::string_literal(why)),
            own,
        ));
    }
    out.push((
        format!("    {public}void {name}() throws Throwable {{\n"),
        own,
    ));
    for (statement, line) in m.body.iter().enumerate() {
        out.push((
            format!("        {line}\n"),
            LineOrigin::Statement {
                method: index,
                statement,
            },
        ));
    }
    out.push(("    }\n".to_string(), own));
    out
}

/// Everything up to the class's opening brace: the header comment, the
/// package, the imports, the class declaration.
fn preamble(
    flavor: Flavor,
    class: &str,
    helpers: Helpers,
    asserts: bool,
    disables: bool,
) -> String {
    let mut out = String::new();
    let package = java::package_of(class);
    out.push_str("// Generated by jaut: regression tests for ");
    out.push_str(class);
    out.push_str(".\n// Each test builds an input state that jaut found by searching backward from a\n// target instruction, calls the method, and asserts what a replay of that state\n// in the JVM observed.\n");
    if !package.is_empty() {
        out.push_str(&format!("package {package};\n"));
    }
    out.push('\n');
    let (public, assertions, test) = match flavor {
        Flavor::Junit5 => (
            "",
            "org.junit.jupiter.api.Assertions",
            "org.junit.jupiter.api.Test",
        ),
        Flavor::Junit4 => ("public ", "org.junit.Assert", "org.junit.Test"),
    };
    // No import the class does not use: a class whose tests assert
    // nothing (calls that change nothing observable) has no assertions.
    if asserts {
        out.push_str(&format!("import static {assertions}.*;\n\n"));
    }
    if disables {
        let disabled = match flavor {
            Flavor::Junit5 => "org.junit.jupiter.api.Disabled",
            Flavor::Junit4 => "org.junit.Ignore",
        };
        out.push_str(&format!("import {disabled};\n"));
    }
    out.push_str(&format!("import {test};\n\n"));
    if helpers.raw_types {
        // The input state's classes come without type arguments.
        out.push_str("@SuppressWarnings({\"rawtypes\", \"unchecked\"})\n");
    }
    out.push_str(&format!(
        "{public}class {} {{\n",
        super::test_class_name(class)
    ));
    out
}

/// Whether a test method's source is disabled (`@Disabled`, `@Ignore`).
fn disabled(method: &str) -> bool {
    method
        .lines()
        .any(|l| l.starts_with("    @Disabled(") || l.starts_with("    @Ignore("))
}

/// Whether a test method's source calls one of JUnit's assertions
/// (`assertEquals(`, `assertThrows(`, `fail(`...) in its body, comments
/// aside.
fn asserts(method: &str) -> bool {
    method
        .lines()
        .filter(|l| l.starts_with("        ") && !l.trim_start().starts_with("//"))
        .any(|l| {
            // `assertX(` or `fail(`, not as a member (`x.assertEquals`)
            // nor inside another name (`reassert`).
            l.match_indices("assert")
                .chain(l.match_indices("fail("))
                .any(|(at, name)| {
                    let after = l[at + name.len()..].chars().next();
                    l[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'))
                        && (name == "fail(" || after.is_some_and(|c| c.is_ascii_uppercase()))
                })
        })
}

/// `m`'s name, made unique among the names `used` so far (and added to
/// them): its base name, else with `_pc<N>`, else `_2`, `_3`...
pub(super) fn unique_name(used: &mut BTreeSet<String>, m: &TestMethod) -> String {
    let mut name = m.base_name.clone();
    if used.contains(&name) {
        name = format!("{}_pc{}", m.base_name, m.key.2);
    }
    let mut n = 2;
    while used.contains(&name) {
        name = format!("{}_{n}", m.base_name);
        n += 1;
    }
    used.insert(name.clone());
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assertions_are_found_in_bodies_only() {
        assert!(asserts("        assertEquals(1, x);\n"));
        assert!(asserts(
            "        Foo thrown = assertThrows(Foo.class, () -> f());\n"
        ));
        assert!(asserts("        fail(\"no\");\n"));
        assert!(!asserts(
            "    // asserts what the replay saw\n        f();\n"
        ));
        assert!(!asserts(
            "        x.assertEquals(1);\n        reassert(2);\n"
        ));
    }
}
