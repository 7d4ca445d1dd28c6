package soundness;

// CATEGORY: statics

/**
 * Two reads of a final static field of the JDK give the same object, so
 * a method returning Boolean.TRUE can be told apart from one returning
 * null by identity, as commons-lang3's BooleanUtils.toBoolean does.
 * Reachable: s of length 1.
 */
public class JdkFinalStaticSame {
    static Boolean parse(String s) {
        if (s != null && s.length() == 1) {
            return Boolean.TRUE;
        }
        return null;
    }

    public static int run(String s) {
        if (parse(s) == Boolean.TRUE) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
