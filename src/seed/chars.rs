//! String seeds made of the characters a method compares with: the
//! character constants of its code (`bipush '/'`, a `switch` on `'.'`) and
//! of the methods of its own class it calls, directly or not. A path
//! normalizer that looks for `/` and `.` in a private helper takes most of
//! its branches on `"a/../b"`, which no seed of the method's own string
//! constants holds; a scanner that switches on letters takes its cases on
//! them. Like every seed, these only propose inputs: the JVM decides what
//! they reach (see the module above).

use std::collections::BTreeSet;

use crate::classfile::bytecode::Constant;
use crate::classfile::{Class, Method, Op};

/// Characters taken from the code, at most: the first met.
const MAX_CHARS: usize = 8;

/// Methods of the class followed from the seeded one, at most.
const MAX_METHODS: usize = 16;

/// Texts made, at most.
pub const MAX_TEXTS: usize = 24;

/// The printable ASCII characters `method` and the methods of `class` it
/// calls (transitively) compare with, in the order their code holds them,
/// at most [`MAX_CHARS`]. Digits and letters are kept (a scanner's cases),
/// the blank too; control characters are not (an `int` constant below 32
/// is a count far more often than a character).
pub fn compared_chars(class: &Class, method: &Method) -> Vec<char> {
    let mut chars: Vec<char> = Vec::new();
    let mut push = |v: i32| {
        if let Some(c) = printable(v) {
            if !chars.contains(&c) && chars.len() < MAX_CHARS {
                chars.push(c);
            }
        }
    };
    for m in same_class_callees(class, method) {
        for insn in m.code.iter().flat_map(|c| &c.instructions) {
            match &insn.op {
                Op::Const(c) => {
                    if let Constant::Int(v) = c.as_ref() {
                        push(*v);
                    }
                }
                Op::TableSwitch { low, high, .. } => {
                    for v in *low..=(*high).min(low.saturating_add(MAX_CHARS as i32)) {
                        push(v);
                    }
                }
                Op::LookupSwitch { pairs, .. } => pairs.iter().for_each(|&(v, _)| push(v)),
                _ => {}
            }
        }
    }
    chars
}

/// Texts built of `chars`: each alone, between two letters, doubled; then
/// for each pair one after the other, and as `a` c1 c2 c2 c1 `b` (with `/`
/// and `.`, `"a/../b"`); at most [`MAX_TEXTS`], shortest kinds first.
pub fn texts(chars: &[char]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |t: String| {
        if !out.contains(&t) && out.len() < MAX_TEXTS {
            out.push(t);
        }
    };
    for &c in chars {
        add(c.to_string());
    }
    for &c in chars {
        add(format!("a{c}b"));
        add(format!("{c}{c}"));
    }
    for &c1 in chars {
        for &c2 in chars.iter().filter(|&&c2| c2 != c1) {
            add(format!("a{c1}{c2}{c2}{c1}b"));
            add(format!("{c1}{c2}"));
        }
    }
    out
}

/// Texts made for the cases of a character scanner, at most.
pub const MAX_SCANNER_TEXTS: usize = 160;

/// Instructions of a case read for its constants, at most.
const CASE_SPAN: usize = 80;

/// Texts for the cases of the character switches of `method` and of the
/// methods of `class` it calls (a phonetic encoder's `switch (c)`): for a
/// case on `k`, whose code compares with characters `c1, c2, …` and short
/// strings (`isNextChar(…, 'H')`, `regionMatch(…, "CIA")`,
/// `"EIY".indexOf(next)`), the texts `k`, `k c`, `c k`, `c1 k c2` (a
/// previous and a next character, `"SCH"`), each string, and `k` before
/// each character of a string. In case order, at most
/// [`MAX_SCANNER_TEXTS`]: what a scanner's cases need, which a search
/// through its loop reaches only after many iterations.
pub fn scanner_texts(class: &Class, method: &Method) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |t: String| {
        if !out.contains(&t) && out.len() < MAX_SCANNER_TEXTS {
            out.push(t);
        }
    };
    for m in same_class_callees(class, method) {
        let Some(code) = m.code.as_ref() else {
            continue;
        };
        let ops = &code.instructions;
        for insn in ops {
            let cases: Vec<(i32, u32)> = match &insn.op {
                Op::TableSwitch { low, targets, .. } => targets
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (low.saturating_add(i as i32), *t))
                    .collect(),
                Op::LookupSwitch { pairs, .. } => pairs.clone(),
                _ => continue,
            };
            for (key, target) in cases {
                let Some(k) = printable(key) else {
                    continue;
                };
                let (chars, strings) = case_constants(ops, target);
                add(k.to_string());
                for &c in &chars {
                    add(format!("{k}{c}"));
                    add(format!("{c}{k}"));
                }
                for pair in chars.windows(2) {
                    add(format!("{}{k}{}", pair[0], pair[1]));
                }
                for text in &strings {
                    add(text.clone());
                    for c in text.chars() {
                        add(format!("{k}{c}"));
                    }
                }
            }
        }
    }
    out
}

/// The printable ASCII character `v` is, if any.
fn printable(v: i32) -> Option<char> {
    u8::try_from(v)
        .ok()
        .filter(|b| (32..=126).contains(b))
        .map(char::from)
}

/// The characters and short strings (at most 4 characters) a case's code
/// holds, from its first instruction (at `target`), for
/// [`CASE_SPAN`] instructions.
fn case_constants(
    ops: &[crate::classfile::bytecode::Instruction],
    target: u32,
) -> (Vec<char>, Vec<String>) {
    let (mut chars, mut strings) = (Vec::new(), Vec::new());
    let start = ops.partition_point(|i| i.pc < target);
    for insn in ops[start..].iter().take(CASE_SPAN) {
        match &insn.op {
            Op::Const(c) => match c.as_ref() {
                Constant::Int(v) => {
                    if let Some(c) = printable(*v).filter(|c| c.is_ascii_alphanumeric()) {
                        if !chars.contains(&c) {
                            chars.push(c);
                        }
                    }
                }
                Constant::String(t)
                    if (1..=4).contains(&t.chars().count()) && !strings.contains(t) =>
                {
                    strings.push(t.clone());
                }
                _ => {}
            },
            // The case ends where control leaves it.
            Op::Goto(_) | Op::Return(_) | Op::AThrow => break,
            _ => {}
        }
    }
    (chars, strings)
}

/// `method` and the methods of `class` it calls, transitively (at most
/// [`MAX_METHODS`]).
fn same_class_callees<'a>(class: &'a Class, method: &'a Method) -> Vec<&'a Method> {
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    seen.insert((method.name.clone(), method.descriptor.clone()));
    let mut out = vec![method];
    let mut at = 0;
    while at < out.len() {
        let m = out[at];
        at += 1;
        for insn in m.code.iter().flat_map(|c| &c.instructions) {
            if let Op::Invoke(_, r) = &insn.op {
                if r.class == class.name
                    && seen.len() < MAX_METHODS
                    && seen.insert((r.name.clone(), r.descriptor.clone()))
                {
                    out.extend(class.method(&r.name, &r.descriptor));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_go_from_one_character_to_pairs() {
        let t = texts(&['/', '.']);
        assert_eq!(
            t,
            ["/", ".", "a/b", "//", "a.b", "..", "a/../b", "/.", "a.//.b", "./"]
        );
    }

    #[test]
    fn texts_are_bounded() {
        let chars: Vec<char> = "abcdefgh".chars().collect();
        assert_eq!(texts(&chars).len(), MAX_TEXTS);
    }
}
