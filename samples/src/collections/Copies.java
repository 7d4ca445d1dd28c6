package collections;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The copy constructors of the collections (issue 36). */
public class Copies {
    /** Reached by a list of two strings, "b" second: the copy holds them. */
    public static int listCopy(List<String> in) {
        List<String> copy = new ArrayList<>(in);
        copy.add("z");
        if (copy.size() == 3 && "b".equals(copy.get(1))) {
            return 1; // TARGET: copied list
        }
        return 0;
    }

    /** Never: a copy is as large as the list it copies. */
    public static int copyGrows(ArrayList<String> in) {
        List<String> copy = new ArrayList<>(in);
        if (copy.size() != in.size()) {
            return 1; // TARGET: grows
        }
        return 0;
    }

    /** Reached by a map holding "k" to 2: the copy changes, not the map. */
    public static int mapCopy(Map<String, Integer> in) {
        Map<String, Integer> copy = new HashMap<>(in);
        copy.put("k", 5);
        Integer v = in.get("k");
        if (v != null && v == 2 && copy.get("k") == 5) {
            return 1; // TARGET: copied map
        }
        return 0;
    }

    /** Reached by a set of two numbers holding 4. */
    public static int setCopy(Set<Integer> in) {
        Set<Integer> copy = new HashSet<>(in);
        if (copy.size() == 2 && copy.contains(4)) {
            return 1; // TARGET: copied set
        }
        return 0;
    }

    /** Reached by a map of two entries whose second value is 7. */
    public static int valuesCopy(Map<String, Integer> in) {
        List<Integer> values = new ArrayList<>(in.values());
        if (values.size() == 2 && values.get(1) == 7) {
            return 1; // TARGET: copied values
        }
        return 0;
    }

    /** Never: a copy of a map's values has one per key. */
    public static int valuesCopyGrows(Map<String, Integer> in) {
        List<Integer> values = new ArrayList<>(in.values());
        if (values.size() != in.size()) {
            return 1; // TARGET: values grow
        }
        return 0;
    }

    /** Reached by a map holding "a" and one other key. */
    public static int keysCopy(Map<String, Integer> in) {
        Set<String> keys = new HashSet<>(in.keySet());
        if (keys.size() == 2 && keys.contains("a")) {
            return 1; // TARGET: copied keys
        }
        return 0;
    }

    /** Reached by a map whose first key is "b": the copy keeps its order. */
    public static int linkedCopy(Map<String, Integer> in) {
        Map<String, Integer> copy = new LinkedHashMap<>(in);
        String first = copy.keySet().iterator().next();
        if (copy.size() == 2 && "b".equals(first)) {
            return 1; // TARGET: linked copy
        }
        return 0;
    }

    /** Never: a linked copy of a set is as large as the set. */
    public static int linkedSetGrows(Set<String> in) {
        Set<String> copy = new LinkedHashSet<>(in);
        if (copy.size() != in.size()) {
            return 1; // TARGET: linked set grows
        }
        return 0;
    }
}
