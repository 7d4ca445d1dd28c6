package arrays;

/** clone() of arrays: a new array of the same length and elements. */
public class Clones {
    public static int cloned(int[] a) {
        int[] b = a.clone();
        b[0] = 5;
        if (a[0] == 3 && b[0] == 5 && b.length == 2 && b[1] == 7 && b != a) {
            return 1; // TARGET: cloned
        }
        return 0;
    }

    public static int sameElements(int[] a) {
        if (a.length > 0) {
            int[] b = a.clone();
            if (b[0] != a[0]) {
                return 1; // TARGET: same-elements
            }
        }
        return 0;
    }

    /** checkcast and instanceof against array types. */
    public static int typed(Object o) {
        if (o instanceof String[] && ((Object[]) o).length == 1) {
            return 1; // TARGET: typed
        }
        if (o instanceof int[]) {
            return 2; // TARGET: int-array
        }
        return 0;
    }

    static boolean isStrings(Object o) {
        return o instanceof String[];
    }

    public static int typedArray(String[] a, int[] b) {
        Object o = b;
        if (isStrings(a) && !isStrings(o) && o instanceof int[] && ((Object[]) a).length == 2) {
            return 1; // TARGET: typed-array
        }
        return 0;
    }
}
