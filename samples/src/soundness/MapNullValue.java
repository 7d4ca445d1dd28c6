package soundness;

import java.util.Map;

// CATEGORY: collections

/**
 * Reachable: a HashMap may map a key to null, so containsKey is true
 * while get returns null (witness: {"k" = null}).
 */
public class MapNullValue {
    public static int run(Map<String, String> m) {
        if (m.containsKey("k") && m.get("k") == null) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
