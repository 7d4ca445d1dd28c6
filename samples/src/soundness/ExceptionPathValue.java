package soundness;

// CATEGORY: exceptions

/** Unreachable: the division throws only when x == 0. */
public class ExceptionPathValue {
    public static int run(int x) {
        int q;
        try {
            q = 100 / x;
        } catch (ArithmeticException e) {
            if (x != 0) {
                return -1; // TARGET EXPECT: unreachable
            }
            return 0;
        }
        return q;
    }
}
