package soundness;

// CATEGORY: arrays

/** Reachable: an array passed as an Object runs Object.getClass, whose class is an array class. */
public class ArrayClassIsArray {
    static boolean isArray(Object o) {
        return o.getClass().isArray();
    }

    public static int run(boolean[] a) {
        if (isArray(a)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
