package soundness;

// CATEGORY: statics

/**
 * A static array filled by the class initializer and never written again.
 * Unreachable: LIMITS is {10, 20, 30} in every run, and no x is both above
 * 30 and below 10.
 */
public class StaticTableInit {
    private static final int[] LIMITS = {10, 20, 30};

    public static int run(int x) {
        if (x > LIMITS[2] && x < LIMITS[0]) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
