package soundness;

import java.util.ArrayList;

// CATEGORY: collections

/**
 * Reachable: remove(0) moves the second element to the front; a list
 * ["b", "a"] gives "a" there.
 */
public class ListRemoveShifts {
    public static int run(ArrayList<String> l) {
        if (l.size() == 2 && l.get(0).equals("b")) {
            l.remove(0);
            if (l.get(0).equals("a") && l.size() == 1) {
                return 1; // TARGET EXPECT: reachable
            }
        }
        return 0;
    }
}
