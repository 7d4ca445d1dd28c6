package soundness;

import java.util.List;

// CATEGORY: collections

/**
 * Reachable: a list of two elements that are the same object, e.g. the
 * string "a" twice.
 */
public class ListSameElements {
    public static int run(List<String> l) {
        if (l.size() == 2 && l.get(0) == l.get(1) && l.get(0) != null) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
