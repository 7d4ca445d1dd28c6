//! The arrays of an input state that the constructions of its objects
//! make themselves (issue 34): the replay compares them by contents, and
//! the test does not write them.

use super::{InputState, Value};

/// Which objects of `state` are arrays held only by one field of an
/// object made by a constructor call: the constructor makes its own array
/// there (`Soundex()` copies a mapping), which stands for the state's when
/// their contents are equal — nothing else holds it, so its identity
/// cannot matter. The replay compares them by contents, and the test does
/// not write them, nor an array nothing holds.
pub fn held_by_constructions(state: &InputState) -> Vec<bool> {
    let mut holders = vec![0usize; state.objects.len()];
    let mut count = |v: &Value| {
        if let Value::Ref { object } = *v {
            if let Some(n) = holders.get_mut(object) {
                *n += 1;
            }
        }
    };
    state.receiver.iter().for_each(&mut count);
    state.args.iter().for_each(|a| count(&a.value));
    state.statics.iter().for_each(|s| count(&s.value));
    for o in &state.objects {
        o.fields.iter().for_each(|f| count(&f.value));
        o.elements.iter().flatten().for_each(&mut count);
        o.mock
            .iter()
            .flatten()
            .flat_map(|m| &m.returns)
            .for_each(&mut count);
        o.construction()
            .iter()
            .flat_map(|c| c.values())
            .for_each(&mut count);
    }
    // An array nothing holds (a mock's answer, the mock made by a factory
    // instead) is not written either.
    let mut held: Vec<bool> = state
        .objects
        .iter()
        .zip(&holders)
        .map(|(o, &n)| n == 0 && o.elements.is_some())
        .collect();
    for o in state.objects.iter().filter(|o| o.construction().is_some()) {
        for f in &o.fields {
            if let Value::Ref { object } = f.value {
                let array = state
                    .objects
                    .get(object)
                    .is_some_and(|a| a.elements.is_some());
                if array && holders[object] == 1 {
                    held[object] = true;
                }
            }
        }
    }
    held
}
