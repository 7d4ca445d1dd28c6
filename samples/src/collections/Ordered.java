package collections;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/** Iterating sets (issue 36): insertion order for linked sets, hash order
    for the program's own hash sets. */
public class Ordered {
    /** An input set walked in order: reached by two elements, "b" first. */
    public static int first(Set<String> set) {
        String first = null;
        for (String s : set) {
            if (first == null) {
                first = s;
            }
        }
        if (set.size() == 2 && "b".equals(first)) {
            return 1; // TARGET: first
        }
        return 0;
    }

    /** The program's own linked set keeps insertion order. */
    public static int linked(String x) {
        Set<String> set = new LinkedHashSet<>();
        set.add(x);
        set.add("a");
        String last = null;
        for (String s : set) {
            last = s;
        }
        if (set.size() == 2 && x.length() == 1 && "a".equals(last)) {
            return 1; // TARGET: linked
        }
        return 0;
    }

    /** Never: a linked set's first element is the first added. */
    public static int reordered(String x) {
        Set<String> set = new LinkedHashSet<>();
        set.add("a");
        set.add(x);
        if (!"a".equals(set.iterator().next())) {
            return 1; // TARGET: reordered
        }
        return 0;
    }

    /** The program's own hash set: how many it holds is known, the order
        is not. */
    public static int counted(String x) {
        Set<String> set = new HashSet<>();
        set.add(x);
        set.add("q");
        int count = 0;
        for (String s : set) {
            count++;
        }
        if (count == 2) {
            return 1; // TARGET: counted
        }
        return 0;
    }

    /** Never in the JVM: a hash set of "a" and "b" yields neither first. */
    public static int stranger() {
        Set<String> set = new HashSet<>();
        set.add("a");
        set.add("b");
        String s = set.iterator().next();
        if (!s.equals("a") && !s.equals("b")) {
            return 1; // TARGET: stranger
        }
        return 0;
    }
}
