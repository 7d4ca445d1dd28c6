package soundness;

import java.util.Map;

// CATEGORY: collections

/**
 * Unreachable: after put the map holds the key, so it is not empty (the
 * java.util.Map contract); only an inconsistent map could be.
 */
public class MapPutThenEmpty {
    public static int run(Map<String, String> m) {
        m.put("a", "b");
        if (m.isEmpty()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
