package soundness;

// CATEGORY: loops

/**
 * Reachable only through a wrap-around: with a > 0 the loop ends only when
 * i + a overflows to a negative int. i = 1, a = 1,000,000,000 runs three
 * iterations (1, 1000000001, 2000000001, then 3000000001 wraps negative).
 */
public class WrapEndsLoop {
    public static int run(int i, int a) {
        int j = 0;
        while (i > 0) {
            i = i + a;
            j++;
        }
        if (j == 3 && a > 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return j;
    }
}
