package collections;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/** A map's views and their iteration, linked maps and the methods the JDK
    specifies by Map's defaults (issue 36). */
public class Views {
    /** An input map's keys walked in order: "b" first, of two. */
    public static int firstKey(Map<String, Integer> m) {
        String first = null;
        for (String k : m.keySet()) {
            if (first == null) {
                first = k;
            }
        }
        if (m.size() == 2 && "b".equals(first)) {
            return 1; // TARGET: first key
        }
        return 0;
    }

    /** The values of an input map summed: 7 over two entries. */
    public static int total(Map<String, Integer> m) {
        int sum = 0;
        for (int v : m.values()) {
            sum += v;
        }
        if (m.size() == 2 && sum == 7) {
            return 1; // TARGET: total
        }
        return 0;
    }

    /** An entry's key and value agree with the map: "x" maps to 5. */
    public static int entries(Map<String, Integer> m) {
        for (Map.Entry<String, Integer> e : m.entrySet()) {
            if (e.getKey().equals("x") && e.getValue() == 5) {
                return 1; // TARGET: entry
            }
        }
        return 0;
    }

    /** Never: an entry's value is the value its key maps to. */
    public static int disagree(Map<String, Integer> m) {
        if (m.size() == 1) {
            Map.Entry<String, Integer> e = m.entrySet().iterator().next();
            if (m.get(e.getKey()) != e.getValue()) {
                return 1; // TARGET: disagree
            }
        }
        return 0;
    }

    /** Never: a key set is as large as its map. */
    public static int keyCount(Map<String, Integer> m) {
        if (m.size() == 3 && m.keySet().size() != 3) {
            return 1; // TARGET: key count
        }
        return 0;
    }

    /** getOrDefault: the value of a key present, not the default. */
    public static int orDefault(Map<String, Integer> m) {
        if (m.getOrDefault("a", 1) == 4) {
            return 1; // TARGET: or default
        }
        return 0;
    }

    /** The program's own map: putIfAbsent keeps the first value. */
    public static int absent(String k) {
        Map<String, Integer> m = new HashMap<>();
        m.put(k, 1);
        m.putIfAbsent("q", 2);
        if (m.size() == 1 && m.get("q") == 1) {
            return 1; // TARGET: kept
        }
        return 0;
    }

    /** containsValue walks the values. */
    public static int holds(Map<String, String> m) {
        if (m.containsValue("v")) {
            return 1; // TARGET: holds
        }
        return 0;
    }

    /** forEach hands each entry to the lambda. */
    public static int visit(Map<String, Integer> m) {
        int[] sum = {0};
        m.forEach((k, v) -> sum[0] += v);
        if (sum[0] == 12 && m.size() == 2) {
            return 1; // TARGET: visited
        }
        return 0;
    }

    /** The program's own linked map keeps insertion order. */
    public static int linked(String x) {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put(x, 1);
        m.put("a", 2);
        String last = null;
        for (String k : m.keySet()) {
            last = k;
        }
        if (m.size() == 2 && x.length() == 1 && "a".equals(last)) {
            return 1; // TARGET: linked
        }
        return 0;
    }

    /** Never: a linked map's first key is the first put. */
    public static int reordered(String x) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("a", "1");
        m.put(x, "2");
        if (!"a".equals(m.keySet().iterator().next())) {
            return 1; // TARGET: reordered
        }
        return 0;
    }

    /** Never in the JVM: "a" hashes before "b" in a new HashMap, so "b"
        never comes first; the model does not compute hash order. */
    public static int hashOrder() {
        Map<String, Integer> m = new HashMap<>();
        m.put("a", 1);
        m.put("b", 2);
        if (m.keySet().iterator().next().equals("b")) {
            return 1; // TARGET: hash order
        }
        return 0;
    }

    /** An input linked map, built in order. */
    public static int linkedInput(LinkedHashMap<String, Integer> m) {
        Map.Entry<String, Integer> first = m.entrySet().iterator().next();
        if (m.size() == 2 && first.getValue() == 3) {
            return 1; // TARGET: linked input
        }
        return 0;
    }

}
