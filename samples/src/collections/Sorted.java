package collections;

import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Sorted sets and maps (issue 36): iteration, ends and neighbours in the
    keys' natural order. */
public class Sorted {
    /** An input sorted set walks in ascending order: "b" then "c". */
    public static int ascending(SortedSet<String> set) {
        Iterator<String> it = set.iterator();
        if (set.size() == 2 && it.next().equals("b") && it.next().equals("c")) {
            return 1; // TARGET: ascending
        }
        return 0;
    }

    /** Never for a set in natural order: its first above its last. */
    public static int inverted(SortedSet<Integer> set) {
        if (set.size() >= 2 && set.first() > set.last()) {
            return 1; // TARGET: inverted
        }
        return 0;
    }

    /** The program's own tree set sorts what it adds: x comes first when
        it is below "m". */
    public static int own(String x) {
        TreeSet<String> set = new TreeSet<>();
        set.add("m");
        set.add(x);
        if (set.size() == 2 && set.first().equals(x)) {
            return 1; // TARGET: own
        }
        return 0;
    }

    /** Never: a tree set of "m" and "a" starts with "a". */
    public static int unsorted() {
        TreeSet<String> set = new TreeSet<>();
        set.add("m");
        set.add("a");
        if (!set.first().equals("a")) {
            return 1; // TARGET: unsorted
        }
        return 0;
    }

    /** The greatest key at most k, its value "x", and not k itself. */
    public static int floor(TreeMap<Integer, String> map, int k) {
        Integer f = map.floorKey(k);
        if (f != null && f != k && "x".equals(map.get(f))) {
            return 1; // TARGET: floor
        }
        return 0;
    }

    /** The least key above "k" of a navigable map. */
    public static int higher(NavigableMap<String, Integer> map) {
        String h = map.higherKey("k");
        if (h != null && map.firstKey().compareTo("k") < 0 && h.length() == 1) {
            return 1; // TARGET: higher
        }
        return 0;
    }

    /** A sorted map's entries in key order: the last key "z", three keys. */
    public static int lastKey(SortedMap<String, Integer> map) {
        int total = 0;
        for (Map.Entry<String, Integer> e : map.entrySet()) {
            total += e.getValue();
        }
        if (map.size() == 3 && map.lastKey().equals("z") && total == 6) {
            return 1; // TARGET: last key
        }
        return 0;
    }

    /** An empty sorted set has no first element. */
    public static int emptyFirst(SortedSet<String> set) {
        try {
            return set.first().length();
        } catch (NoSuchElementException e) {
            return -1; // TARGET: empty first
        }
    }

    /** The program's own tree map keeps its keys in order: "a" first. */
    public static int ownMap(int v) {
        TreeMap<String, Integer> map = new TreeMap<>();
        map.put("q", v);
        map.put("a", 2);
        if (map.firstKey().equals("a") && map.get("q") == 7) {
            return 1; // TARGET: own map
        }
        return 0;
    }
}
