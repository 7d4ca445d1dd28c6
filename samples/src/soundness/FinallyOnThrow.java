package soundness;

// CATEGORY: exceptions

/**
 * The finally block of a callee runs when its division throws. Reachable:
 * x = 0, the finally increments count before the exception reaches run.
 */
public class FinallyOnThrow {
    private static int count;

    static int divide(int x) {
        try {
            return 10 / x;
        } finally {
            count++;
        }
    }

    public static int run(int x) {
        count = 0;
        try {
            return divide(x);
        } catch (ArithmeticException e) {
            if (count == 1) {
                return -1; // TARGET EXPECT: reachable
            }
            return -2;
        }
    }
}
