package arrays;

/** Arrays: input arrays of symbolic length, allocation, aliasing, char[]. */
public class Arrays {

    /** Target reached when the array holds 1, 2, 3 in order. */
    public static boolean isOneTwoThree(int[] xs) {
        if (xs.length == 3 && xs[0] == 1 && xs[1] == 2 && xs[2] == 3) {
            return true; // target
        }
        return false;
    }

    /** Sum of the elements; the target needs a sum of 100 over 4 elements. */
    public static int sum(int[] xs) {
        int s = 0;
        for (int i = 0; i < xs.length; i++) {
            s += xs[i];
        }
        if (s == 100 && xs.length == 4) {
            return 1; // target
        }
        return 0;
    }

    /** Writes through one array and reads through another: needs aliasing. */
    public static int alias(int[] a, int[] b) {
        a[0] = 5;
        b[0] = 7;
        if (a[0] == 7) {
            return 1; // target: a == b
        }
        return 0;
    }

    /** A new array's elements are zero: the target is unreachable. */
    public static int fresh(int n) {
        int[] xs = new int[n + 1];
        if (xs[0] != 0) {
            return 1; // unreachable
        }
        return xs.length;
    }

    /** char[] input. */
    public static int hello(char[] cs) {
        if (cs.length == 2 && cs[0] == 'h' && cs[1] == 'i') {
            return 1; // target
        }
        return 0;
    }

    /** Arrays of objects: elements labelled like fields. */
    public static int objects(Cell[] cells) {
        if (cells.length == 2 && cells[0] == cells[1] && cells[0] != null && cells[0].v == 9) {
            return 1; // target: two aliased elements
        }
        return 0;
    }

    /** byte[] input with narrowing. */
    public static int bytes(byte[] bs) {
        if (bs.length > 0 && bs[0] == -128) {
            return 1; // target
        }
        return 0;
    }

    public static class Cell {
        public int v;
    }
}
