package soundness;

// CATEGORY: exceptions

/**
 * An exception object carries a value from a callee. Unreachable: the only
 * Failure is thrown by check with code x + x, which is even; 3 is odd.
 */
public class FailureCodeEven {
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
            throw new Failure(x + x);
        }
    }

    public static int run(int x) {
        try {
            check(x);
        } catch (Failure f) {
            if (f.code == 3) {
                return 1; // TARGET EXPECT: unreachable
            }
            return 2;
        }
        return 0;
    }
}
