package soundness;

// CATEGORY: arrays

/** Reachable: only with more rows than the model's bound for a multianewarray (n = 9, as an object so no seed applies). */
public class RowsPastTheBound {
    public static int run(Integer n) {
        int[][] t = new int[n][1];
        if (t.length == 9 && t[8][0] == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
