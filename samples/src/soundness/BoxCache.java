package soundness;

// CATEGORY: heap

/**
 * Integer.valueOf returns cached boxes for -128..127, so two boxes of the
 * same small value are the same object. Reachable: x = 0.
 */
public class BoxCache {
    public static int run(int x) {
        Integer a = Integer.valueOf(x);
        Integer b = Integer.valueOf(x);
        if (a == b) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
