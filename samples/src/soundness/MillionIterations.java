package soundness;

// CATEGORY: loops

/**
 * Reachable: n = 1,000,000 runs the loop a million times and leaves
 * s = 3,000,000 (far past any unrolling bound).
 */
public class MillionIterations {
    public static int run(int n) {
        int i = 0;
        int s = 0;
        while (i < n) {
            i++;
            s += 3;
        }
        if (s == 3000000) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
