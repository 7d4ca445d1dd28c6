package soundness;

// CATEGORY: arrays

/** Reachable only through aliasing: a == b (of length at least 1). */
public class ArrayAliasWrite {
    public static int run(int[] a, int[] b) {
        a[0] = 1;
        b[0] = 2;
        if (a[0] == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
