package soundness;

import java.util.List;

// CATEGORY: collections

/**
 * Unreachable: after add(x) the last element is x (List.add appends), so
 * get(size() - 1) returns x itself.
 */
public class ListAddThenGet {
    public static int run(List<Object> l, Object x) {
        l.add(x);
        if (l.get(l.size() - 1) != x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
