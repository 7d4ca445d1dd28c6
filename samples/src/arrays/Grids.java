package arrays;

/**
 * Arrays of arrays that multianewarray makes (issue 16 item 3): each row a
 * new array, distinct from the others, every element zero.
 */
public class Grids {
    /** A cell of a 2-D array written then read back; a row's length. */
    public static int cell(int n, int v) {
        int[][] g = new int[3][n];
        g[1][2] = v;
        if (g[1][2] == 7 && g[2].length == 4) {
            return 1; // TARGET: cell
        }
        return 0;
    }

    /** Rows are distinct arrays: writing one leaves the others zero. */
    public static int distinct(int v) {
        int[][] g = new int[2][2];
        g[0][0] = v;
        if (v != 0 && g[1][0] == v) {
            return 1; // TARGET: distinct
        }
        return 0;
    }

    /** Three dimensions; the deepest component of new long[2][3][] is null. */
    public static int cube(int i) {
        long[][][] c = new long[2][3][4];
        Object[][][] partial = new Object[2][3][];
        if (i >= 0 && i < 4 && c[1][2][i] == 0L && partial[1][2] == null) {
            return 1; // TARGET: cube
        }
        return 0;
    }

    /** The number of rows comes from the input: a count within the model's row bound reaches. */
    public static int rows(int n) {
        String[][] t = new String[n][1];
        if (t.length == 5 && t[4][0] == null) {
            return 1; // TARGET: rows
        }
        return 0;
    }

    /** Past the row bound the search cannot follow: the target is unknown, never unreachable. */
    public static int manyRows(int n) {
        int[][] t = new int[n][2];
        if (t.length > 20 && t[20][1] == 0) {
            return 1; // TARGET: manyRows
        }
        return 0;
    }
}
