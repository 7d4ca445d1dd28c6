package values;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;

/**
 * Inputs that are JDK values — boxes, strings, arrays, enums, big numbers —
 * which a test writes as literals, initializers and constructors, as a person
 * would (tests/values_tests.rs).
 */
public class Values {
    public Integer count;
    public Long total;
    public Character letter;

    /** Boxes of four kinds as arguments. */
    public static int unbox(Integer a, Long b, Short c, Byte d) {
        if (a > 1000 && b == 5L && c == 3 && d == -2) {
            return 1;
        }
        return 0;
    }

    /** The other four boxes. */
    public static int others(Character c, Boolean b, Float f, Double d) {
        if (c == 'x' && b && f > 1.5f && d < -2.0) {
            return 1;
        }
        return 0;
    }

    /** One box passed twice: identity matters. */
    public static boolean same(Integer a, Integer b) {
        return a == b && a > 500;
    }

    /** Two boxes of one small value that must be two objects. */
    public static boolean twins(Integer a, Integer b) {
        return a != b && a.intValue() == 5 && b.intValue() == 5;
    }

    /**
     * A box that must not be the one {@code Integer.valueOf} caches: the test's
     * autoboxed {@code 5} is that one, so this target is not claimed (the
     * replay, which builds boxes as the test does, refutes the state).
     */
    public static int notCached(Integer a) {
        if (a.intValue() == 5 && a != Integer.valueOf(5)) {
            return 1;
        }
        return 0;
    }

    /** Boxes in fields. */
    public int fields() {
        if (count != null && count == 42 && total != null && total > 3 && letter == 'q') {
            return 1;
        }
        return 0;
    }

    /** Strings, and an array of strings. */
    public static int strings(String s, String[] names) {
        if (s.length() == 3 && names.length == 2 && names[1] != null && names[1].equals("ab")) {
            return 1;
        }
        return 0;
    }

    /** An array of arrays. */
    public static int grid(int[][] adj) {
        if (adj.length == 1 && adj[0].length == 1 && adj[0][0] == -1) {
            return 1;
        }
        return 0;
    }

    /** An array of boxes. */
    public static int boxArray(Integer[] xs) {
        if (xs.length == 2 && xs[0] == 3 && xs[1] == 300) {
            return 1;
        }
        return 0;
    }

    /** A JDK enum. */
    public static int unit(TimeUnit u) {
        return u == TimeUnit.SECONDS ? 1 : 0;
    }

    /** A big decimal. */
    public static int cents(BigDecimal d) {
        return d.scale() == 2 ? 1 : 0;
    }

    /** A big integer. */
    public static int seven(BigInteger b) {
        return b.intValue() == 7 ? 1 : 0;
    }

    /** A box as an Object. */
    public static int nine(Object o) {
        return o instanceof Integer && (Integer) o == 9 ? 1 : 0;
    }
}
