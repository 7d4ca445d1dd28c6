package soundness;

import java.util.ArrayList;
import java.util.List;

// CATEGORY: collections

/**
 * Unreachable: new ArrayList<>(c) holds the elements of c, so its size is
 * c's (java.util.ArrayList); only an inconsistent copy could differ.
 */
public class ListCopySize {
    public static int run(ArrayList<String> l) {
        List<String> copy = new ArrayList<>(l);
        if (copy.size() != l.size()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
