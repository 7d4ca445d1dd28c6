package arrays;

import java.util.Arrays;

/** java.util.Arrays.copyOf, copyOfRange, fill and equals (issue 16 item 3). */
public class Library {
    /** A longer copy keeps the elements and pads with zeros. */
    public static int grown(int[] a) {
        int[] b = Arrays.copyOf(a, 4);
        if (a.length == 2 && b[1] == 9 && b[3] == 0 && b != a) {
            return 1; // TARGET: grown
        }
        return 0;
    }

    /** A range copy starts at `from`. */
    public static int range(long[] a) {
        long[] b = Arrays.copyOfRange(a, 1, 3);
        if (b.length == 2 && b[0] == 7L && a[1] == 7L) {
            return 1; // TARGET: range
        }
        return 0;
    }

    /** Unreachable: after fill every element is the value. */
    public static int filled(char[] a, char c) {
        Arrays.fill(a, c);
        if (a.length > 0 && a[a.length - 1] != c) {
            return 1; // TARGET: filled
        }
        return 0;
    }

    /** A range fill leaves the rest alone. */
    public static int partly(int[] a) {
        Arrays.fill(a, 1, 3, 5);
        if (a.length == 4 && a[0] == 2 && a[2] == 5 && a[3] == 8) {
            return 1; // TARGET: partly
        }
        return 0;
    }

    /** Equal contents in distinct arrays. */
    public static int same(int[] a, int[] b) {
        if (a != b && Arrays.equals(a, b) && a.length == 2 && a[1] == 3) {
            return 1; // TARGET: same
        }
        return 0;
    }

    /** A copy of a String[] is a String[] (the cast cannot fail). */
    public static int typed(String[] s) {
        String[] t = Arrays.copyOf(s, 1);
        Object o = t;
        if (!(o instanceof String[])) {
            return 1; // TARGET: typed
        }
        return t.length;
    }
}
