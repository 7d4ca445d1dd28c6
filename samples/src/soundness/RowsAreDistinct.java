package soundness;

// CATEGORY: arrays

/** Unreachable: the rows of new int[2][1] are distinct arrays, so writing one leaves the other zero. */
public class RowsAreDistinct {
    public static int run(int v) {
        int[][] t = new int[2][1];
        t[0][0] = v;
        if (v == 5 && t[1][0] == 5) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
