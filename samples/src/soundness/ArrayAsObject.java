package soundness;

// CATEGORY: arrays

/** Reachable: an Object input that is an int[] of length 2. */
public class ArrayAsObject {
    public static int run(Object o) {
        if (o instanceof int[] && ((int[]) o).length == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
