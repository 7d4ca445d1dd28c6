//! The seeds of an array parameter: empty, null, one element, then arrays
//! of two and three elements.
//!
//! Code that walks an array input element by element (a path matcher over
//! the directories of a pattern, a parser over tokens) takes most of its
//! branches only when the array holds several elements and some of them
//! are the method's own constants: Ant's `matchAntPathPattern(String[],
//! String[], boolean)` needs `{"**", "a"}`, never an array of one `""`.
//! EvoSuite's constant seeding applies to array elements as it does to
//! scalars; the longer arrays come after the short ones, so the first
//! states a method is run with stay the cheapest.

use super::Seed;
use crate::labeling::Value;

/// One-element arrays in all, of the element's seeds in order.
const SINGLES: usize = 8;

/// Element seeds two-element arrays are made of (each ordered pair).
const PAIR_ELEMENTS: usize = 4;

/// Element seeds three-element arrays are made of (each ordered triple).
const TRIPLE_ELEMENTS: usize = 3;

/// The seeds of an array of type `ty` (Java form) whose element seeds are
/// `elements`, in the order tried: empty, null, one element of each of the
/// first seeds, then every ordered pair and triple of the first non-null
/// seeds, equal elements included (`{"**", "**"}`).
pub(super) fn seeds(ty: &str, elements: &[Value]) -> Vec<Seed> {
    let array = |values: Vec<Value>| Seed::Array(ty.to_string(), values);
    let mut out = vec![array(Vec::new()), Seed::Value(Value::Null)];
    out.extend(
        elements
            .iter()
            .take(SINGLES)
            .map(|v| array(vec![v.clone()])),
    );
    // The longer arrays hold the method's constants, not null.
    let picks: Vec<&Value> = elements.iter().filter(|v| **v != Value::Null).collect();
    let pair = &picks[..picks.len().min(PAIR_ELEMENTS)];
    for a in pair {
        for b in pair {
            out.push(array(vec![(*a).clone(), (*b).clone()]));
        }
    }
    let triple = &picks[..picks.len().min(TRIPLE_ELEMENTS)];
    for a in triple {
        for b in triple {
            for c in triple {
                out.push(array(vec![(*a).clone(), (*b).clone(), (*c).clone()]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elements(seed: &Seed) -> Option<Vec<Value>> {
        match seed {
            Seed::Array(_, e) => Some(e.clone()),
            _ => None,
        }
    }

    #[test]
    fn short_arrays_come_first_and_longer_ones_hold_the_constants() {
        let strs: Vec<Value> = ["", "a"]
            .iter()
            .map(|s| Value::Str(s.to_string()))
            .chain([Value::Null, Value::Str("**".into())])
            .collect();
        let seeds = seeds("java.lang.String[]", &strs);
        assert_eq!(elements(&seeds[0]), Some(vec![]));
        assert!(matches!(seeds[1], Seed::Value(Value::Null)));
        // One element each, in the element seeds' order, "**" included.
        let singles: Vec<_> = seeds[2..6].iter().filter_map(elements).collect();
        assert_eq!(singles.len(), 4);
        assert_eq!(singles[3], vec![Value::Str("**".into())]);
        // Then pairs and triples of non-null seeds: {"**", "a"} is one.
        let star_a = vec![Value::Str("**".into()), Value::Str("a".into())];
        assert!(seeds.iter().filter_map(elements).any(|e| e == star_a));
        assert!(seeds
            .iter()
            .filter_map(elements)
            .all(|e| e.len() < 2 || !e.contains(&Value::Null)));
        assert!(seeds.iter().filter_map(elements).any(|e| e.len() == 3));
    }
}
