package soundness;

// CATEGORY: integers

/**
 * Wrap-around does not make every int a square. Unreachable: a square is 0, 1
 * or 4 modulo 8 (odd squares are 1 modulo 8), reduction modulo 2^32 keeps the
 * residue modulo 8, and -1 is 7 modulo 8.
 */
public class SquareMinusOne {
    public static int run(int x) {
        if (x * x == -1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
