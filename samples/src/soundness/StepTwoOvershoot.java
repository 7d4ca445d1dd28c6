package soundness;

// CATEGORY: loops

/**
 * Unreachable: for 0 <= n < 1000, i goes up by 2 from 0 while i < n, so it
 * stops at n or n + 1 (no wrap-around), never beyond.
 */
public class StepTwoOvershoot {
    public static int run(int n) {
        int i = 0;
        while (i < n) {
            i += 2;
        }
        if (n >= 0 && n < 1000 && i > n + 1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return i;
    }
}
