package soundness;

// CATEGORY: loops

/**
 * Unreachable: the loop runs exactly 10 times and adds x + x each time, so
 * s = 20 * x modulo 2^32, always even; 15 is odd.
 */
public class LoopParity {
    public static int run(int x) {
        int s = 0;
        for (int i = 0; i < 10; i++) {
            s += x + x;
        }
        if (s == 15) {
            return 1; // TARGET EXPECT: unreachable
        }
        return s;
    }
}
