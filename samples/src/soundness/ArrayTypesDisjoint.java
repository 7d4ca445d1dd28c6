package soundness;

// CATEGORY: arrays

/**
 * Unreachable: an int[] and a long[] are never the same array, so the store
 * into b leaves a[0] at 1.
 */
public class ArrayTypesDisjoint {
    public static int run(int[] a, long[] b) {
        a[0] = 1;
        b[0] = 2L;
        if (a[0] == 2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
