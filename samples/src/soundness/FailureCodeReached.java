package soundness;

// CATEGORY: exceptions

/**
 * An exception thrown two calls down and caught with its value. Reachable:
 * x = 4 throws Failure(8).
 */
public class FailureCodeReached {
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        Failure(int code) {
            super("failure");
            this.code = code;
        }
    }

    static void check(int x) {
        if (x > 0) {
            fail(x + x);
        }
    }

    static void fail(int code) {
        throw new Failure(code);
    }

    public static int run(int x) {
        try {
            check(x);
        } catch (Failure f) {
            if (f.code == 8) {
                return 1; // TARGET EXPECT: reachable
            }
            return 2;
        }
        return 0;
    }
}
