//! The JDK's collections as inputs and as the program's own objects (issue
//! 36, items 1-3): `java.util.ArrayList` and its iterator modelled as a
//! sequence (src/search/lists.rs), on the sample `collections/Lists`;
//! maps and sets (src/search/keyed.rs, `collections/Keyed`); queues,
//! deques and optionals (src/search/deques.rs, `collections/Queues`);
//! set iteration (`collections/Ordered`); a map's views, linked maps and
//! the methods the JDK specifies by `Map`'s defaults (`collections/Views`).
//! Reached targets are confirmed by the replay, which builds the list as
//! the test does (`List.of`, `new ArrayList<>(…)`); a target only an
//! inconsistent list could reach is proved unreachable; `jaut cover`
//! writes tests a person would, which compile and pass.

mod support;

use serde_json::Value;

/// `jaut cover` of the sample class `collections.<simple>`: its tests
/// (which must compile and pass, checked here) and the directory.
fn cover(simple: &str) -> (tempfile::TempDir, String) {
    cover_with(simple, &[])
}

/// [`cover`] with more arguments (`--method`).
fn cover_with(simple: &str, extra: &[&str]) -> (tempfile::TempDir, String) {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().display().to_string();
    let samples = support::samples().display().to_string();
    let class = format!("collections.{simple}");
    let mut args = vec![
        "cover", &samples, "--class", &class, "--budget", "60", "--out", &dir,
    ];
    args.extend_from_slice(extra);
    let o = support::jaut(&args);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{}",
        support::stderr(&o)
    );
    let file = out
        .path()
        .join(format!("collections/{simple}JautTest.java"));
    let text = std::fs::read_to_string(file).unwrap();
    support::compile_and_run_suite(out.path(), &class, support::samples(), &[]);
    (out, text)
}

/// Asserts that `text` holds every one of `expected` and none of `absent`.
fn holds(text: &str, expected: &[&str], absent: &[&str]) {
    for e in expected {
        assert!(text.contains(e), "no {e:?} in\n{text}");
    }
    for a in absent {
        assert!(!text.contains(a), "{a:?} in\n{text}");
    }
}

fn aim(method: &str, target: &str) -> Value {
    aim_at("collections/Lists", method, target)
}

/// jaut at the marked target of `sample`: a reached target is confirmed
/// by the replay.
fn aim_at(sample: &str, method: &str, target: &str) -> Value {
    let (code, v) = support::aim_at_marker(sample, method, target);
    if v["verdict"] == "reached" {
        assert_eq!(code, Some(0), "{method}: {v:#}");
        assert_eq!(v["replay"]["status"], "confirmed", "{method}: {v:#}");
    }
    v
}

/// The list object an argument names: its class and elements.
fn list_arg(v: &Value, k: usize) -> (String, Vec<Value>) {
    let id = v["state"]["args"][k]["value"]["ref"]
        .as_u64()
        .unwrap_or_else(|| panic!("a list argument: {v:#}")) as usize;
    let o = &v["state"]["objects"][id];
    assert_eq!(o["built_by"], "collection", "{v:#}");
    let elements = o["elements"].as_array().cloned().unwrap_or_default();
    (o["factory"].as_str().unwrap_or("").to_string(), elements)
}

/// `size()` and `get(i)` read the same cells: three elements, "b" second.
#[test]
fn size_and_get_agree() {
    let v = aim("middle", "middle");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = list_arg(&v, 0);
    assert_eq!(elements.len(), 3, "{v:#}");
    assert_eq!(elements[1], "b", "{v:#}");
}

/// A for-each loop over an input list walks its elements: two positive
/// numbers summing past 10, in a list the method does not change
/// (`List.of`).
#[test]
fn for_each_walks_the_elements() {
    let v = aim("sumPositive", "two positives");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "list_of", "{v:#}");
    assert_eq!(elements.len(), 2, "{v:#}");
    assert!(
        v["state"]["assumptions"]
            .as_array()
            .is_none_or(|a| a.is_empty()),
        "no closed-world assumption on the list's iterator: {v:#}"
    );
}

/// A list the method changes is an `ArrayList`; `add(0, s)` shifts.
#[test]
fn mutation_shifts_the_elements() {
    let v = aim("grow", "grown");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "array_list", "{v:#}");
    assert_eq!(elements.len(), 2, "{v:#}");
    assert_eq!(v["state"]["args"][1]["value"], "", "{v:#}");
}

/// The program's own `new ArrayList<>()`, `add` and `get`.
#[test]
fn the_programs_own_list() {
    let v = aim("odds", "three odds");
    assert_eq!(v["verdict"], "reached", "{v:#}");
}

/// Not empty and of size 0: no list is both.
#[test]
fn an_inconsistent_list_is_unreachable() {
    let v = aim("inconsistent", "inconsistent");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The exception of `get` past the end is not modelled: never a proof
/// that it cannot happen.
#[test]
fn an_index_past_the_end_is_never_refuted() {
    let v = aim("past", "out of range");
    assert_ne!(v["verdict"], "unreachable", "{v:#}");
}

/// `jaut cover` writes lists as a person does — `List.of(…)`,
/// `new ArrayList<>(…)`, never an anonymous `List` nor `allocate` — and
/// the suite compiles and passes.
#[test]
fn cover_writes_list_literals_and_the_suite_passes() {
    let (_out, text) = cover("Lists");
    holds(
        &text,
        &["java.util.List.of(", "new java.util.ArrayList<>("],
        &[
            "allocate(java.util",
            "new java.util.List() {",
            "new java.util.Collection() {",
        ],
    );
}

/// The map or set object an argument names: its factory and elements (a
/// map's keys and values alternate).
fn keyed_arg(v: &Value, k: usize) -> (String, Vec<Value>) {
    list_arg(v, k)
}

fn aim_keyed(method: &str, target: &str) -> Value {
    aim_at("collections/Keyed", method, target)
}

/// `get` finds the value of an equal key (strings by value): `Map.of`.
#[test]
fn map_get_finds_the_key() {
    let v = aim_keyed("lookup", "found");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "map_of", "{v:#}");
    // Keys and values alternate; other entries may come along.
    let pairs: Vec<&[Value]> = elements.chunks(2).collect();
    assert!(
        pairs.iter().any(|p| p[0] == "a" && !p[1].is_null()),
        "{v:#}"
    );
}

/// A key mapped to null: a `HashMap` (`Map.of` refuses null values).
#[test]
fn a_null_value_needs_a_hash_map() {
    let v = aim_keyed("nullValue", "null value");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "hash_map", "{v:#}");
    // Keys and values alternate; other entries may come along (the solver
    // chooses the size), but "k" maps to null.
    let pairs: Vec<&[Value]> = elements.chunks(2).collect();
    assert!(pairs.iter().any(|p| p[0] == "k" && p[1].is_null()), "{v:#}");
}

/// `put` of a key present replaces its value: the size stays.
#[test]
fn put_replaces_the_value_of_a_key() {
    let v = aim_keyed("replace", "replaced");
    assert_eq!(v["verdict"], "reached", "{v:#}");
}

/// Adding an element a set holds changes nothing: never reached (within
/// the scan bound it is refuted; beyond it the model answers freely, so
/// the verdict is unknown, never a wrong `reached`).
#[test]
fn a_set_does_not_grow_by_a_member() {
    let v = aim_keyed("grows", "grows");
    assert_ne!(v["verdict"], "reached", "{v:#}");
}

/// After `put(k, v)`, `get(k)` is `v`: never reached.
#[test]
fn a_map_keeps_what_was_put() {
    let v = aim_keyed("lost", "lost");
    assert_ne!(v["verdict"], "reached", "{v:#}");
}

/// `jaut cover` writes maps as `Map.of(…)` or a `new HashMap<>()` with
/// `put` (declared with the parameter's type arguments), and the suite
/// compiles and passes.
#[test]
fn cover_writes_map_literals_and_the_suite_passes() {
    let (_out, text) = cover("Keyed");
    holds(
        &text,
        &[
            "java.util.Map.of(",
            ".put(\"k\", null);",
            // The parameter's generic type, from its signature.
            "java.util.Map<java.lang.String, java.lang.Integer> m = new java.util.HashMap<>();",
        ],
        &[
            "allocate(java.util",
            "new java.util.Map() {",
            "new java.util.Set() {",
        ],
    );
}

fn aim_queue(method: &str, target: &str) -> Value {
    aim_at("collections/Queues", method, target)
}

/// `size()` and `peek()` of a `Queue` read the same sequence: two
/// elements, "x" first, built as a person builds a queue.
#[test]
fn a_queue_has_its_head_first() {
    let v = aim_queue("head", "head");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "array_deque", "{v:#}");
    assert_eq!(elements.len(), 2, "{v:#}");
    assert_eq!(elements[0], "x", "{v:#}");
}

/// Two `poll()`s take the first two elements in order.
#[test]
fn poll_takes_the_elements_in_order() {
    let v = aim_queue("second", "second");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = list_arg(&v, 0);
    assert!(elements.len() >= 2, "{v:#}");
}

/// `push` puts first, `addLast` last, `pop` takes the first back.
#[test]
fn a_deque_is_a_stack_at_its_head() {
    let v = aim_queue("stack", "stack");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["state"]["args"][1]["value"], "", "{v:#}");
}

/// The program's own `ArrayDeque`, filled in a loop and trimmed at its
/// head.
#[test]
fn the_programs_own_deque() {
    let v = aim_queue("window", "window");
    assert_eq!(v["verdict"], "reached", "{v:#}");
}

/// A for-each loop over a deque walks it head first.
#[test]
fn for_each_walks_a_deque() {
    let v = aim_queue("sum", "sum");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = list_arg(&v, 0);
    assert_eq!(elements.len(), 3, "{v:#}");
}

/// A `LinkedList` is a list and a deque at once; the test makes a
/// `new LinkedList<>(…)`, the type of the slot.
#[test]
fn a_linked_list_is_a_list_and_a_deque() {
    let v = aim_queue("linked", "linked");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "linked_list", "{v:#}");
    assert_eq!(elements, vec![Value::from("b")], "{v:#}");
}

/// A queue may hold null (a `LinkedList` does): a non-empty queue whose
/// head is null is reached, never refuted.
#[test]
fn a_queue_may_hold_null() {
    let v = aim_queue("nullHead", "null head");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "linked_list", "{v:#}");
    // The head is null; more elements may follow.
    assert!(elements.first().is_some_and(Value::is_null), "{v:#}");
}

/// Soundness: an empty deque has no first element, and what `offer` put
/// last is last.
#[test]
fn an_inconsistent_deque_is_unreachable() {
    for (method, target) in [("inconsistent", "inconsistent"), ("lost", "lost")] {
        let v = aim_queue(method, target);
        assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
    }
}

/// `removeFirst` of an empty `ArrayDeque` throws: found in its bytecode,
/// which calls the modelled `pollFirst`.
#[test]
fn remove_first_of_an_empty_deque_throws() {
    let v = aim_queue("empty", "empty");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "array_deque", "{v:#}");
    assert!(elements.is_empty(), "{v:#}");
}

/// Optionals as inputs: `Optional.of("yes")`, and `Optional.empty()` for
/// `orElse`'s default and `get`'s `NoSuchElementException`.
#[test]
fn optionals_are_made_by_of_and_empty() {
    let v = aim_queue("present", "present");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "optional", "{v:#}");
    assert_eq!(elements, vec![Value::from("yes")], "{v:#}");
    for (method, target) in [("orElse", "or else"), ("absent", "absent")] {
        let v = aim_queue(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
        let (_, elements) = list_arg(&v, 0);
        assert!(elements.is_empty(), "{method}: {v:#}");
    }
    let v = aim_queue("both", "both");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The program's own optionals: `Optional.empty()` holds no value.
#[test]
fn the_programs_own_optionals() {
    let v = aim_queue("own", "own");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], -4, "{v:#}");
    let v = aim_queue("own", "own empty");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], 3, "{v:#}");
}

/// `jaut cover` writes queues and optionals as a person does and the
/// suite compiles and passes.
#[test]
fn cover_writes_deques_and_optionals_and_the_suite_passes() {
    let (_out, text) = cover("Queues");
    holds(
        &text,
        &[
            "new java.util.ArrayDeque<>(java.util.List.of(",
            "new java.util.LinkedList<>(",
            "java.util.Optional.of(\"yes\")",
            "java.util.Optional.empty()",
        ],
        &[
            "allocate(java.util",
            "new java.util.Queue() {",
            "new java.util.Deque() {",
        ],
    );
}

fn aim_ordered(method: &str, target: &str) -> Value {
    aim_at("collections/Ordered", method, target)
}

/// An input set walked by a for-each loop: the test builds it as a
/// `LinkedHashSet`, whose order is the one the model chose, "b" first.
#[test]
fn an_iterated_input_set_is_a_linked_hash_set() {
    let v = aim_ordered("first", "first");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "linked_hash_set", "{v:#}");
    assert_eq!(elements.len(), 2, "{v:#}");
    assert_eq!(elements[0], "b", "{v:#}");
}

/// The program's own `LinkedHashSet` keeps insertion order: reached, and
/// never reordered (a proof, no bound hit).
#[test]
fn a_linked_hash_set_keeps_insertion_order() {
    let v = aim_ordered("linked", "linked");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let v = aim_ordered("reordered", "reordered");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The program's own `HashSet`: how many elements a loop walks is known
/// (reached); which comes first is the JVM's hash order, which the model
/// leaves free (any of its elements) — an impossible first element is
/// never claimed, and one that is none of them is proved impossible.
#[test]
fn a_hash_sets_order_is_never_guessed() {
    let v = aim_ordered("counted", "counted");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    // Whatever the hash order, the iterator returns one of the elements:
    // a proof.
    let v = aim_ordered("stranger", "stranger");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// A collection parameter's generic type (its `Signature`) types its
/// elements: an `Optional<String>` holds a string, so `Optional.of("")`
/// compiles where `Optional.of(new Object())` would not.
#[test]
fn type_arguments_type_the_elements() {
    let (code, v) = support::aim_at_line(
        "collections/Queues",
        "absent",
        support::marker_line("collections/Queues", "absent") + 2,
        &[],
    );
    assert_eq!(code, Some(0), "{v:#}");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = list_arg(&v, 0);
    assert_eq!(factory, "optional", "{v:#}");
    assert_eq!(elements.len(), 1, "{v:#}");
    assert!(elements[0].is_string(), "a string: {v:#}");
}

fn aim_views(method: &str, target: &str) -> Value {
    aim_at("collections/Views", method, target)
}

/// `keySet()`, `values()` and `entrySet()` walk an input map in the order
/// the model chose, which the test keeps by a `LinkedHashMap`: "b" first,
/// values summing to 7, an entry "x" -> 5.
#[test]
fn a_maps_views_walk_its_entries() {
    let v = aim_views("firstKey", "first key");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "linked_hash_map", "{v:#}");
    assert_eq!(elements.len(), 4, "{v:#}");
    assert_eq!(elements[0], "b", "{v:#}");
    for (method, target) in [("total", "total"), ("entries", "entry")] {
        let v = aim_views(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    }
    let v = aim_views("linkedInput", "linked input");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, _) = keyed_arg(&v, 0);
    assert_eq!(factory, "linked_hash_map", "{v:#}");
}

/// A key set as large as its map, an entry whose value is its key's: no
/// view disagrees with its map.
#[test]
fn an_inconsistent_view_is_never_reached() {
    let v = aim_views("keyCount", "key count");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
    let v = aim_views("disagree", "disagree");
    assert_ne!(v["verdict"], "reached", "{v:#}");
}

/// `getOrDefault`, `putIfAbsent`, `containsValue` and `forEach` agree with
/// the model: the first two and the last run `Map`'s default bytecode over
/// `get`, `put` and `entrySet()`.
#[test]
fn map_defaults_agree_with_the_model() {
    for (method, target) in [
        ("orDefault", "or default"),
        ("absent", "kept"),
        ("holds", "holds"),
        ("visit", "visited"),
    ] {
        let v = aim_views(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    }
}

/// The program's own `LinkedHashMap` keeps insertion order: reached, and
/// never reordered (a proof).
#[test]
fn a_linked_hash_map_keeps_insertion_order() {
    let v = aim_views("linked", "linked");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let v = aim_views("reordered", "reordered");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The program's own `HashMap` of "a" and "b" walks "a" first in the JVM;
/// the model does not compute hash order, so "b" first is never claimed.
#[test]
fn a_hash_maps_order_is_never_guessed() {
    let v = aim_views("hashOrder", "hash order");
    assert_ne!(v["verdict"], "reached", "{v:#}");
    assert_ne!(v["verdict"], "unreachable", "{v:#}");
}

/// `jaut cover` writes an iterated map as a `new LinkedHashMap<>()` filled
/// in order, and the suite compiles and passes (one method: the class's
/// thirteen take longer than the budget on a loaded machine).
#[test]
fn cover_writes_linked_maps_and_the_suite_passes() {
    let (_out, text) = cover_with("Views", &["--method", "firstKey"]);
    holds(
        &text,
        &["= new java.util.LinkedHashMap<>();"],
        &[
            "allocate(java.util",
            "new java.util.Map() {",
            "new java.util.Set() {",
        ],
    );
}

fn aim_sorted(method: &str, target: &str) -> Value {
    aim_at("collections/Sorted", method, target)
}

/// An input `SortedSet` walks its elements in ascending order: "b" then
/// "c", built by the test as a `new TreeSet<>(…)` (the replay confirms
/// the order is the JVM's).
#[test]
fn an_input_sorted_set_walks_in_order() {
    let v = aim_sorted("ascending", "ascending");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "tree_set", "{v:#}");
    assert_eq!(elements, ["b", "c"], "{v:#}");
}

/// A sorted set whose first element is above its last needs keys out of
/// their natural order: never reached. For an input it is not proved
/// either (one made with a `Comparator` could hold them so: a bounded
/// condition); for the program's own `new TreeSet<>()` it is a proof.
#[test]
fn an_unsorted_sorted_set_is_never_reached() {
    let v = aim_sorted("inverted", "inverted");
    assert_ne!(v["verdict"], "reached", "{v:#}");
    assert_ne!(v["verdict"], "unreachable", "{v:#}");
    let v = aim_sorted("unsorted", "unsorted");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// The program's own `TreeSet` and `TreeMap` put what they add in order:
/// `x` comes before "m" only when it is below it; "a" is the first key.
#[test]
fn own_sorted_collections_insert_in_order() {
    let v = aim_sorted("own", "own");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let x = v["state"]["args"][0]["value"].as_str().unwrap_or("~");
    assert!(x < "m", "{v:#}");
    let v = aim_sorted("ownMap", "own map");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    assert_eq!(v["state"]["args"][0]["value"], 7, "{v:#}");
}

/// `floorKey`, `higherKey`, `firstKey`, `lastKey` and a sorted map's
/// entry set agree with its keys' order; the maps are `TreeMap`s.
#[test]
fn sorted_maps_answer_their_neighbours_and_ends() {
    for (method, target) in [
        ("floor", "floor"),
        ("higher", "higher"),
        ("lastKey", "last key"),
    ] {
        let v = aim_sorted(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
        let (factory, _) = keyed_arg(&v, 0);
        assert_eq!(factory, "tree_map", "{method}: {v:#}");
    }
}

/// `first()` of an empty sorted set throws `NoSuchElementException`: the
/// handler is reached with an empty `TreeSet`.
#[test]
fn an_empty_sorted_sets_first_throws() {
    let v = aim_sorted("emptyFirst", "empty first");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "tree_set", "{v:#}");
    assert!(elements.is_empty(), "{v:#}");
}

/// `jaut cover` writes sorted collections as `new TreeSet<>(List.of(…))`
/// and `new TreeMap<>(…)`, and the suite compiles and passes with `-ea`.
#[test]
fn cover_writes_tree_collections_and_the_suite_passes() {
    let (_out, text) = cover_with("Sorted", &["--method", "ascending"]);
    holds(
        &text,
        &["new java.util.TreeSet<>(java.util.List.of("],
        &["allocate(java.util", "new java.util.SortedSet() {"],
    );
    let (_out, text) = cover_with("Sorted", &["--method", "floor"]);
    holds(
        &text,
        &["new java.util.TreeMap<>("],
        &["allocate(java.util", "new java.util.TreeMap() {"],
    );
}

/// `listIterator(int)` walks a list back from where it starts:
/// `hasPrevious`, `previous` and `previousIndex` read the same cursor and
/// cells as `size` (the last element "z", one before it).
#[test]
fn a_list_iterator_walks_back() {
    let v = aim("backward", "backward");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = list_arg(&v, 0);
    assert_eq!(elements.len(), 2, "{v:#}");
    assert_eq!(elements[1], "z", "{v:#}");
}

fn aim_keys(method: &str, target: &str) -> Value {
    aim_at("collections/StringKeys", method, target)
}

/// A literal is looked up past the 4 elements other keys are compared
/// with: a map of six entries holding "f" is reached (it was cut on the
/// scan bound). Literal and `String`-parameter keys, compared by their
/// class's `equals` alone, find their entries: "a" mapped to 5 beside
/// another entry, a two-character key mapped to 3, a set holding "x" but
/// not "y".
#[test]
fn literal_and_string_keys_find_their_entries() {
    let v = aim_keys("sixth", "sixth");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = keyed_arg(&v, 0);
    assert_eq!(elements.len(), 12, "{v:#}");
    for (method, target) in [
        ("replacedByPut", "replaced"),
        ("byParameter", "by parameter"),
        ("member", "member"),
    ] {
        let v = aim_keys(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    }
}

fn aim_copies(method: &str, target: &str) -> Value {
    aim_at("collections/Copies", method, target)
}

/// `new ArrayList<>(c)`, `new HashMap<>(m)` and `new HashSet<>(s)` hold
/// their source's elements: a list of two with "b" second, a map holding
/// "k" -> 2 whose copy changes alone, a set of two holding 4.
#[test]
fn copies_hold_their_sources_elements() {
    let v = aim_copies("listCopy", "copied list");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = list_arg(&v, 0);
    assert_eq!(elements.len(), 2, "{v:#}");
    assert_eq!(elements[1], "b", "{v:#}");
    for (method, target) in [("mapCopy", "copied map"), ("setCopy", "copied set")] {
        let v = aim_copies(method, target);
        assert_eq!(v["verdict"], "reached", "{method}: {v:#}");
    }
}

/// A copy of an `ArrayList` is as large as it: proved.
#[test]
fn a_copy_is_as_large_as_its_source() {
    let v = aim_copies("copyGrows", "grows");
    assert_eq!(v["verdict"], "unreachable", "{v:#}");
}

/// Copies of a map's views and linked copies hold their source's
/// elements in its order: `new ArrayList<>(m.values())` the values (the
/// map built as a `LinkedHashMap` in the model's order, its keys unequal),
/// `new HashSet<>(m.keySet())` the keys, `new LinkedHashMap<>(m)` the
/// entries with the map's first key first.
#[test]
fn copies_of_views_and_linked_copies_hold_their_sources_elements() {
    let v = aim_copies("valuesCopy", "copied values");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (factory, elements) = keyed_arg(&v, 0);
    assert_eq!(factory, "linked_hash_map", "{v:#}");
    assert_eq!(elements.len(), 4, "{v:#}");
    assert_ne!(elements[0], elements[2], "{v:#}");
    let v = aim_copies("keysCopy", "copied keys");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let v = aim_copies("linkedCopy", "linked copy");
    assert_eq!(v["verdict"], "reached", "{v:#}");
    let (_, elements) = keyed_arg(&v, 0);
    assert_eq!(elements[0], "b", "{v:#}");
}

/// A copy of a map's values has one per key, a linked copy of a set is
/// as large as the set: proved.
#[test]
fn a_copy_of_a_view_or_a_set_is_as_large_as_its_source() {
    for (method, target) in [
        ("valuesCopyGrows", "values grow"),
        ("linkedSetGrows", "linked set grows"),
    ] {
        let v = aim_copies(method, target);
        assert_eq!(v["verdict"], "unreachable", "{method}: {v:#}");
    }
}

/// jaut at the marked target of `tests/fixtures/eldest/eldest/Caches.java`,
/// a class path of its own: a program `Map` class on the samples' would
/// be a candidate class of every `Map` input there.
fn aim_cache(method: &str, target: &str) -> Value {
    let dir = support::compiled_fixtures("eldest");
    let source = support::repo().join("tests/fixtures/eldest/eldest/Caches.java");
    let text = std::fs::read_to_string(source).unwrap();
    let tag = format!("// TARGET: {target}");
    let line = text.lines().position(|l| l.ends_with(&tag)).unwrap() + 1;
    let class = dir.join("eldest/Caches.class");
    let line = line.to_string();
    let args = [class.to_str().unwrap(), "-m", method, "--line", &line];
    support::jaut_json(&args).1
}

/// A `LinkedHashMap` subclass overriding `removeEldestEntry` drops an
/// entry in `put`, which the model's `put` does not run: a cache kept at
/// two is never claimed to hold three, and the target is left unknown on
/// that bound (not refuted, not the solver's limit); a map that is no
/// cache is still reached.
#[test]
fn a_removing_cache_is_never_claimed_to_grow() {
    let v = aim_cache("keepsThree", "three kept");
    assert_eq!(v["verdict"], "unknown", "{v:#}");
    let reasons = v["reasons"].as_array().cloned().unwrap_or_default();
    assert!(
        reasons
            .iter()
            .any(|r| r.to_string().contains("removeEldestEntry")),
        "{v:#}"
    );
    let v = aim_cache("one", "one");
    assert_eq!(v["verdict"], "reached", "{v:#}");
}
