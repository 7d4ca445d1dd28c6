package soundness;

import java.util.Map;

// CATEGORY: collections

/**
 * Unreachable: an empty map has no key, so get returns null (the
 * java.util.Map contract); only an inconsistent map could answer both.
 */
public class MapEmptyGet {
    public static int run(Map<String, String> m, String k) {
        if (m.isEmpty() && m.get(k) != null) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
