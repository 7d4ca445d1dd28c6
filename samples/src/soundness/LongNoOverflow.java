package soundness;

// CATEGORY: integers

/**
 * Unreachable: an int widened to long is at most 2^31 - 1, and adding 1 in
 * 64 bits does not wrap.
 */
public class LongNoOverflow {
    public static int run(int x) {
        long a = x;
        long b = a + 1L;
        if (b < a) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
