package soundness;

// CATEGORY: loops

/**
 * Unreachable: for n >= 0 the loop stops with i == n exactly (i counts up
 * by one from 0 and cannot pass n without meeting it, nor wrap: it stays
 * below n <= Integer.MAX_VALUE). The proof needs every n, so no unrolling
 * to a bound can give it; a loop summary can.
 */
public class CountUpExact {
    public static int run(int n) {
        int i = 0;
        while (i < n) {
            i++;
        }
        if (i > n && n >= 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return i;
    }
}
