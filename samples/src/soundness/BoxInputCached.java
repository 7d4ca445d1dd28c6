package soundness;

// CATEGORY: heap

/**
 * An Integer input may be the JDK's cached box of its value. Reachable:
 * n = Integer.valueOf(5), which is the box valueOf(5) returns again.
 */
public class BoxInputCached {
    public static int run(Integer n) {
        if (n == Integer.valueOf(5)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
