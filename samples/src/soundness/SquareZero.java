package soundness;

// CATEGORY: integers

/** A non-zero int whose square wraps to zero. Reachable: x = 65536 (2^32 wraps to 0). */
public class SquareZero {
    public static int run(int x) {
        if (x != 0 && x * x == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
