//! `clone()` of arrays (src/jdk/arrays/clone.rs) and type tests against
//! array types (src/search/array_types.rs), on the sample `arrays/Clones`.

mod support;

use serde_json::Value;

fn aim(method: &str, target: &str) -> (Option<i32>, Value) {
    support::aim_at_marker("arrays/Clones", method, target)
}

#[test]
fn a_clone_is_a_new_array_with_the_same_elements() {
    let (code, v) = aim("cloned", "cloned");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    // The copy's elements are the original's: never claimed different
    // (the solver may not settle it in time, so no proof is required).
    let (_, v) = aim("sameElements", "same-elements");
    assert_ne!(v["verdict"], "reached", "{v:#}");
}

#[test]
fn instanceof_and_checkcast_of_array_types() {
    let (code, v) = aim("typedArray", "typed-array");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    // An Object input is never an array in the input domain: a target
    // behind an array type test on it is not proved unreachable.
    for target in ["typed", "int-array"] {
        let (_, v) = aim("typed", target);
        assert_ne!(v["verdict"], "unreachable", "{target}: {v:#}");
    }
}

/// `System.arraycopy` of reference arrays (issue 16): a shift inside one
/// array moves the objects (reached, confirmed by the replay), and a copied
/// element is the very object copied (proved).
#[test]
fn arraycopy_of_references_moves_the_objects() {
    let (code, v) = support::aim_at_marker("arrays/RefCopies", "shifted", "moved");
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["replay"]["status"], "confirmed", "{v:#}");
    let (_, v) = support::aim_at_marker("arrays/RefCopies", "same", "differ");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// `multianewarray` (issue 16): rows are new, distinct arrays of the inner
/// count with zero elements, in two and three dimensions (the deepest
/// component of `new Object[2][3][]` null); rows counts the path fixes
/// keep their proofs; past the model's row bound the target is never
/// claimed unreachable.
#[test]
fn arrays_of_arrays_have_new_distinct_rows() {
    for (method, check) in [("cell", "n = 4"), ("cube", ""), ("rows", "n = 5")] {
        let (code, v) = support::aim_at_marker("arrays/Grids", method, method);
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
        if let Some(n) = check.strip_prefix("n = ") {
            let arg = &v["state"]["args"][0];
            assert_eq!(arg["name"], "n", "{v:#}");
            assert_eq!(arg["value"].to_string(), n, "{method}: {v:#}");
        }
    }
    let (_, v) = support::aim_at_marker("arrays/Grids", "distinct", "distinct");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
    let (_, v) = support::aim_at_marker("arrays/Grids", "manyRows", "manyRows");
    assert_ne!(v["verdict"], "unreachable", "{v:#}");
}

/// `java.util.Arrays.copyOf`, `copyOfRange`, `fill` and `equals` as
/// intrinsics (issue 16): copies pad with zeros and start at `from`, a
/// range fill leaves the rest, equal contents in distinct arrays; after
/// `fill` no element differs, and a copy of a `String[]` is a `String[]`
/// (both proved).
#[test]
fn arrays_library_methods_are_exact() {
    for method in ["grown", "range", "partly", "same"] {
        let (code, v) = support::aim_at_marker("arrays/Library", method, method);
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
    for method in ["filled", "typed"] {
        let (_, v) = support::aim_at_marker("arrays/Library", method, method);
        assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
    }
}
