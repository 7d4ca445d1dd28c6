package soundness;

// CATEGORY: statics

/**
 * Unreachable: the entry point writes {@code armed} before reading it, and
 * it is true only if x > 5 and x < 3.
 */
public class StaticFlagOverwritten {
    private static boolean armed;

    public static int run(int x) {
        armed = false;
        if (x > 5) {
            armed = x < 3;
        }
        if (armed) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
