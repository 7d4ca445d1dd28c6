package soundness;

// CATEGORY: loops

/**
 * Reachable only after the sum wraps around: three or four additions of a
 * billion to 1 overflow int (witness n = 3: 3,000,000,001 - 2^32 < 0). The
 * quick backward search stops at its loop bound; the concolic search runs
 * the loop forward and climbs on the distance of x from negative.
 */
public class ForwardWrapLoop {
    public static int run(int n) {
        int x = 1;
        for (int i = 0; i < n; i++) {
            x += 1_000_000_000;
        }
        if (x < 0 && n < 5) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
