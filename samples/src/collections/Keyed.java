package collections;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** Methods taking JDK maps and sets, for the keyed model (issue 36). */
public class Keyed {
    /** Reached by a map from "a" to 3. */
    public static int lookup(Map<String, Integer> m) {
        Integer v = m.get("a");
        if (v != null && v == 3) {
            return 1; // TARGET: found
        }
        return 0;
    }

    /** A key present with a null value: only a HashMap holds one. */
    public static int nullValue(Map<String, Integer> m) {
        if (m.containsKey("k") && m.get("k") == null) {
            return 1; // TARGET: null value
        }
        return 0;
    }

    /** put replaces the value of a key: the size stays one. */
    public static int replace(HashMap<String, String> m) {
        m.put("x", "1");
        if (m.put("x", "2") != null && m.size() == 1) {
            return 1; // TARGET: replaced
        }
        return 0;
    }

    /** Never: after put(k, v), get(k) is v. */
    public static int lost(Map<String, Object> m, String k, Object v) {
        m.put(k, v);
        if (m.get(k) != v) {
            return 1; // TARGET: lost
        }
        return 0;
    }

    /** Reached by a set of two numbers holding 7. */
    public static int member(Set<Integer> s) {
        if (s.size() == 2 && s.contains(7)) {
            return 1; // TARGET: member
        }
        return 0;
    }

    /** Never: adding an element a set holds changes nothing. */
    public static int grows(Set<String> s, String x) {
        if (s.contains(x)) {
            int before = s.size();
            s.add(x);
            if (s.size() != before) {
                return 1; // TARGET: grows
            }
        }
        return 0;
    }

    /** The program's own map, counting words. */
    public static int count(String[] words) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : words) {
            Integer c = counts.get(w);
            counts.put(w, c == null ? 1 : c + 1);
        }
        if (counts.size() == 1 && counts.get("b") == 2) {
            return 1; // TARGET: counted
        }
        return 0;
    }
}
