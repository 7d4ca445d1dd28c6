package soundness;

import java.util.List;

// CATEGORY: collections

/**
 * Unreachable: a for-each loop visits exactly size() elements.
 */
public class ListForEachCount {
    public static int run(List<String> l) {
        int n = 0;
        for (String s : l) {
            n++;
        }
        if (n != l.size()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
