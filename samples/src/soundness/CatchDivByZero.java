package soundness;

// CATEGORY: exceptions

/** Reachable: x = 0 makes the division throw ArithmeticException. */
public class CatchDivByZero {
    public static int run(int x) {
        int r;
        try {
            r = 100 / x;
        } catch (ArithmeticException e) {
            return -1; // TARGET EXPECT: reachable
        }
        return r;
    }
}
