package soundness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

// CATEGORY: collections

/**
 * Unreachable: new ArrayList<>(m.values()) holds one value per key of m,
 * so its size is m's (java.util.Map.values, java.util.ArrayList); only an
 * inconsistent copy of the view could differ.
 */
public class ValuesCopySize {
    public static int run(Map<String, Integer> m) {
        List<Integer> values = new ArrayList<>(m.values());
        if (values.size() != m.size()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
