package soundness;

// CATEGORY: integers

/**
 * Unreachable: y = (long) x, and y * 2^32 modulo 2^64 is (y mod 2^32) * 2^32;
 * y mod 2^32 is the bit pattern of x, non-zero when x is.
 */
public class LongShiftedInt {
    public static int run(int x) {
        long y = x;
        if (x != 0 && y * 4294967296L == 0L) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
