package identity;

/**
 * Identity of input strings: the replay passes each input string as an
 * object of its own, so the tests jaut writes must too (a literal would be
 * interned, the same object as any equal literal).
 */
public class Texts {
    /** Equal texts in distinct objects. */
    public static int sameText(String a, String b) {
        if (a != b && a.equals(b)) {
            return 1;
        }
        return 0;
    }

    /** An input string is never the code's own literal. */
    public static int notTheLiteral(String a) {
        if (a != "yes" && "yes".equals(a)) {
            return 1;
        }
        return 0;
    }

    /**
     * An object's default text names its identity hash code, which changes
     * from run to run: a test must not assert it.
     */
    public static String describe(Object o) {
        if (o == null) {
            return "none";
        }
        return o.toString();
    }
}
