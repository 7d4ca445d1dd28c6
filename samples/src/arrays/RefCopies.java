package arrays;

/** System.arraycopy of reference arrays (issue 16, item 3). */
public class RefCopies {
    /** A shift inside one array, as ArrayDeque and ArrayList do. */
    public static int shifted(Object[] a, Object x) {
        if (a.length < 3 || x == null) {
            return 0;
        }
        System.arraycopy(a, 0, a, 1, 2);
        if (a[2] == x) {
            return 1; // TARGET: moved
        }
        return 2;
    }

    /** After the copy the element is the same object: never different. */
    public static int same(String[] s, String[] d) {
        if (s.length < 1 || d.length < 1) {
            return 0;
        }
        System.arraycopy(s, 0, d, 0, 1);
        if (d[0] != s[0]) {
            return 1; // TARGET: differ
        }
        return 2;
    }
}
