//! String seeds that match the class's regular expressions: for every
//! string constant the class hands to `Pattern.compile`, `String.matches`,
//! `replaceAll`, `replaceFirst` or `split` (a validator's
//! `^(\d{1,3})\.(\d{1,3})…$`, kept in a static field by `<clinit>`), a few
//! texts it matches — each repetition at its least, one more, and its most
//! (bounded), each class's first and last character. `"0.0.0.0"`,
//! `"00.00.00.00"` and `"999.999.999.999"` take an address validator down
//! its accepting path, its leading-zero check and its range check, which
//! no search through `java.util.regex` reaches.
//!
//! The syntax read is `java.util.regex.Pattern`'s common core: literals
//! and escapes, `.`, classes with ranges and negation, `\d \w \s` and their
//! complements, groups (capturing, `(?:`, inline flags), alternation, the
//! quantifiers `? * + {n} {n,} {n,m}` (lazy or possessive), and the anchors
//! `^ $ \b \B`. A pattern with anything else (back references,
//! look-around, Unicode classes) gives no seed. Like every seed, these
//! only propose inputs; the JVM decides what they reach.

use crate::classfile::bytecode::Constant;
use crate::classfile::{Class, Op};

/// Texts made, at most, over every pattern of a class.
pub const MAX_TEXTS: usize = 12;

/// Repetitions beyond the least that a `*`, `+` or `{n,}` is given.
const UNBOUNDED_EXTRA: u32 = 2;

/// The calls whose string argument is a regular expression.
const REGEX_TAKERS: &[(&str, &str)] = &[
    ("java/util/regex/Pattern", "compile"),
    ("java/util/regex/Pattern", "matches"),
    ("java/lang/String", "matches"),
    ("java/lang/String", "replaceAll"),
    ("java/lang/String", "replaceFirst"),
    ("java/lang/String", "split"),
];

/// Texts matching the regular expressions `class` compiles or matches
/// with, in the order its code holds them, at most [`MAX_TEXTS`].
pub fn pattern_texts(class: &Class) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for pattern in regexes(class) {
        for text in examples(&pattern) {
            if !out.contains(&text) && out.len() < MAX_TEXTS {
                out.push(text);
            }
        }
    }
    out
}

/// The string constants of `class` that reach a [`REGEX_TAKERS`] call as
/// its pattern: a constant followed, at most one instruction later (a
/// flags or limit argument), by such a call.
fn regexes(class: &Class) -> Vec<String> {
    let mut found = Vec::new();
    for m in &class.methods {
        let Some(code) = m.code.as_ref() else {
            continue;
        };
        let ops = &code.instructions;
        for (i, insn) in ops.iter().enumerate() {
            let Op::Const(c) = &insn.op else {
                continue;
            };
            let Constant::String(text) = c.as_ref() else {
                continue;
            };
            let taken = ops[i + 1..].iter().take(2).any(|next| match &next.op {
                Op::Invoke(_, r) => REGEX_TAKERS
                    .iter()
                    .any(|(class, name)| r.class == *class && r.name == *name),
                _ => false,
            });
            if taken && !found.contains(text) {
                found.push(text.clone());
            }
        }
    }
    found
}

/// A piece of a pattern.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    /// One of these inclusive ranges of characters (a literal is one).
    Class(Vec<(char, char)>),
    /// A group's alternatives, each a sequence.
    Alternatives(Vec<Vec<Node>>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    /// An anchor or boundary: matches no character.
    Empty,
}

/// How an example picks among choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// Least repetitions, first alternative, first character.
    Least,
    /// One repetition more than the least (within the most).
    OneMore,
    /// Most repetitions (bounded), last alternative, last character.
    Most,
}

/// Up to three texts `pattern` matches; none when its syntax is past the
/// module's subset.
pub fn examples(pattern: &str) -> Vec<String> {
    let Some(ast) = Parser::new(pattern).parse() else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for pick in [Pick::Least, Pick::OneMore, Pick::Most] {
        let mut text = String::new();
        for node in &ast {
            generate(node, pick, &mut text);
        }
        if !text.is_empty() && !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

fn generate(node: &Node, pick: Pick, out: &mut String) {
    match node {
        Node::Empty => {}
        Node::Class(ranges) => {
            let c = match pick {
                Pick::Most => ranges.last().map(|r| r.1),
                _ => ranges.first().map(|r| r.0),
            };
            out.extend(c);
        }
        Node::Alternatives(alts) => {
            let alt = match pick {
                Pick::Most => alts.last(),
                _ => alts.first(),
            };
            for n in alt.into_iter().flatten() {
                generate(n, pick, out);
            }
        }
        Node::Repeat { node, min, max } => {
            let most = max.unwrap_or(min + UNBOUNDED_EXTRA);
            let times = match pick {
                Pick::Least => *min,
                Pick::OneMore => (min + 1).min(most),
                Pick::Most => most.min(min + 4),
            };
            for _ in 0..times {
                generate(node, pick, out);
            }
        }
    }
}

/// A recursive-descent reader of the subset.
struct Parser {
    chars: Vec<char>,
    at: usize,
}

/// `\d`, `\w`, `\s`.
const DIGITS: &[(char, char)] = &[('0', '9')];
const WORD: &[(char, char)] = &[('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')];
const SPACE: &[(char, char)] = &[(' ', ' '), ('\t', '\t')];

impl Parser {
    fn new(pattern: &str) -> Parser {
        Parser {
            chars: pattern.chars().collect(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        let here = self.peek() == Some(c);
        if here {
            self.at += 1;
        }
        here
    }

    fn parse(mut self) -> Option<Vec<Node>> {
        let alts = self.alternatives()?;
        if self.at != self.chars.len() {
            return None;
        }
        Some(vec![Node::Alternatives(alts)])
    }

    fn alternatives(&mut self) -> Option<Vec<Vec<Node>>> {
        let mut alts = vec![self.sequence()?];
        while self.eat('|') {
            alts.push(self.sequence()?);
        }
        Some(alts)
    }

    fn sequence(&mut self) -> Option<Vec<Node>> {
        let mut seq = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            seq.push(self.quantified(atom)?);
        }
        Some(seq)
    }

    fn quantified(&mut self, atom: Node) -> Option<Node> {
        let (min, max) = match self.peek() {
            Some('?') => (0, Some(1)),
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('{') => {
                self.at += 1;
                let min = self.number()?;
                let max = if !self.eat(',') {
                    Some(min)
                } else if self.peek() == Some('}') {
                    None
                } else {
                    Some(self.number()?)
                };
                if self.peek() != Some('}') || max.is_some_and(|m| m < min) {
                    return None;
                }
                (min, max)
            }
            _ => return Some(atom),
        };
        self.at += 1; // the `?`, `*`, `+` or `}`
                      // Lazy or possessive: the same texts match.
        if !self.eat('?') {
            self.eat('+');
        }
        Some(Node::Repeat {
            node: Box::new(atom),
            min,
            max,
        })
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        digits.parse().ok().filter(|&n| n <= 64)
    }

    fn atom(&mut self) -> Option<Node> {
        match self.next()? {
            '^' | '$' => Some(Node::Empty),
            '.' => Some(Node::Class(vec![('a', 'a'), ('z', 'z')])),
            '[' => self.class(),
            '(' => {
                if self.eat('?') {
                    // `(?:…)`, or inline flags `(?i)` / `(?i:…)`.
                    while self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '-')
                    {
                        self.at += 1;
                    }
                    if self.eat(')') {
                        return Some(Node::Empty);
                    }
                    if !self.eat(':') {
                        return None; // look-around, named groups
                    }
                }
                let alts = self.alternatives()?;
                self.eat(')').then_some(Node::Alternatives(alts))
            }
            '\\' => self.escape(false),
            ')' | '*' | '+' | '?' | '{' => None,
            c => Some(Node::Class(vec![(c, c)])),
        }
    }

    /// After a backslash; `in_class` inside `[…]`, where `\b` is unknown.
    fn escape(&mut self, in_class: bool) -> Option<Node> {
        let c = self.next()?;
        let class = |r: &[(char, char)]| Some(Node::Class(r.to_vec()));
        match c {
            'd' => class(DIGITS),
            'w' => class(WORD),
            's' => class(SPACE),
            'D' | 'W' => class(&[('-', '-'), ('!', '!')]),
            'S' => class(&[('a', 'a'), ('.', '.')]),
            't' => class(&[('\t', '\t')]),
            'n' => class(&[('\n', '\n')]),
            'r' => class(&[('\r', '\r')]),
            'b' | 'B' if !in_class => Some(Node::Empty),
            c if c.is_ascii_alphanumeric() => None, // \p{..}, \1, \Q, \x..
            c => Some(Node::Class(vec![(c, c)])),
        }
    }

    /// After `[`: ranges, escapes, negation (a character outside, from a
    /// few printable ones).
    fn class(&mut self) -> Option<Node> {
        let negated = self.eat('^');
        let mut ranges: Vec<(char, char)> = Vec::new();
        let mut first = true;
        loop {
            let c = self.next()?;
            if c == ']' && !first {
                break;
            }
            first = false;
            if c == '[' || (c == '&' && self.peek() == Some('&')) {
                return None; // unions and intersections
            }
            let lo = if c == '\\' {
                match self.escape(true)? {
                    Node::Class(r) => {
                        ranges.extend(r);
                        continue;
                    }
                    _ => return None,
                }
            } else {
                c
            };
            if self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(|&n| n != ']') {
                self.at += 1;
                let hi = self.next()?;
                if hi == '\\' || hi < lo {
                    return None;
                }
                ranges.push((lo, hi));
            } else {
                ranges.push((lo, lo));
            }
        }
        if negated {
            let outside = ['a', 'Z', '0', ' ', '-', '.', '_', '!']
                .into_iter()
                .find(|c| !ranges.iter().any(|(lo, hi)| (lo..=hi).contains(&c)))?;
            return Some(Node::Class(vec![(outside, outside)]));
        }
        Some(Node::Class(ranges))
    }
}

#[cfg(test)]
mod tests {
    use super::examples;

    #[test]
    fn an_address_pattern_gives_least_one_more_and_most() {
        assert_eq!(
            examples(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$"),
            ["0.0.0.0", "00.00.00.00", "999.999.999.999"]
        );
    }

    #[test]
    fn classes_alternatives_and_unbounded_repetitions() {
        assert_eq!(examples("[a-f0-9]+|x"), ["a", "aa", "x"]);
        assert_eq!(examples("(?i)ab*c"), ["ac", "abc", "abbc"]);
        assert_eq!(examples("[^a-z]"), ["Z"]);
    }

    #[test]
    fn syntax_past_the_subset_gives_nothing() {
        assert!(examples(r"(a)\1").is_empty());
        assert!(examples(r"\p{Alpha}+").is_empty());
        assert!(examples("(?=a)a").is_empty());
        assert!(examples("a{3,1}").is_empty());
        assert!(examples("(ab").is_empty());
    }
}
