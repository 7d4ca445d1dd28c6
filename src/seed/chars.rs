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
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut queue: Vec<&Method> = vec![method];
    seen.insert((method.name.clone(), method.descriptor.clone()));
    while let Some(m) = queue.pop() {
        let Some(code) = m.code.as_ref() else {
            continue;
        };
        let mut push = |v: i32| {
            if let Some(c) = u8::try_from(v).ok().filter(|b| (32..=126).contains(b)) {
                let c = char::from(c);
                if !chars.contains(&c) && chars.len() < MAX_CHARS {
                    chars.push(c);
                }
            }
        };
        for insn in &code.instructions {
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
                Op::Invoke(_, r)
                    if r.class == class.name
                        && seen.len() < MAX_METHODS
                        && seen.insert((r.name.clone(), r.descriptor.clone())) =>
                {
                    if let Some(callee) = class.method(&r.name, &r.descriptor) {
                        queue.push(callee);
                    }
                }
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
