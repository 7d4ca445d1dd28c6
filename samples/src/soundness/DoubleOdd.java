package soundness;

// CATEGORY: integers

/** Unreachable: x + x is even modulo 2^32 (2^32 is even), 7 is odd. */
public class DoubleOdd {
    public static int run(int x) {
        int y = x + x;
        if (y == 7) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
