package collections;

import java.util.Map;
import java.util.Set;

/**
 * Input maps and sets keyed by strings and looked up by a literal or a
 * {@code String} parameter (issue 36): each key is compared with a known
 * class, a literal with known characters.
 */
public class StringKeys {
    /**
     * Never: a map holds what was just put (not proved: an input Integer
     * may be a cached box, a closed-world assumption).
     */
    public static int emptyAfterPut(Map<String, Integer> m) {
        m.put("a", 1);
        if (m.isEmpty()) {
            return 1; // TARGET: empty after put
        }
        return 0;
    }

    /** Reached by a map of two entries, "a" to 5 one of them. */
    public static int replacedByPut(Map<String, Integer> m) {
        Integer before = m.put("a", 1);
        if (before != null && before == 5 && m.size() == 2) {
            return 1; // TARGET: replaced
        }
        return 0;
    }

    /** Reached by a two-character key mapped to 3. */
    public static int byParameter(Map<String, Integer> m, String k) {
        Integer v = m.get(k);
        if (k.length() == 2 && v != null && v == 3) {
            return 1; // TARGET: by parameter
        }
        return 0;
    }

    /** Reached by a map of six entries, "f" among them. */
    public static int sixth(Map<String, Integer> m) {
        if (m.size() == 6 && m.containsKey("f")) {
            return 1; // TARGET: sixth
        }
        return 0;
    }

    /** Reached by a set of two strings holding "x" but not "y". */
    public static int member(Set<String> s) {
        if (s.size() == 2 && s.contains("x") && !s.contains("y")) {
            return 1; // TARGET: member
        }
        return 0;
    }
}
