package soundness;

import java.util.List;

// CATEGORY: collections

/**
 * Unreachable: a list that is not empty has a size of at least 1 (the
 * java.util.List contract); only an inconsistent list could answer both.
 */
public class ListEmptyNotEmpty {
    public static int run(List<String> l) {
        if (!l.isEmpty() && l.size() == 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
