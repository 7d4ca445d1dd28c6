package soundness;

// CATEGORY: statics

/**
 * Boolean.TRUE is a final static field of the JDK: only Boolean's class
 * initializer writes it, with a new Boolean, so it is never null.
 * Unreachable.
 */
public class JdkFinalStaticNonNull {
    public static int run(int x) {
        Boolean t = Boolean.TRUE;
        if (x > 0 && t == null) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
