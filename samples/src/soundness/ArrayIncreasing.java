package soundness;

// CATEGORY: arrays

/** Reachable: three strictly increasing elements summing to 0, e.g. [-1, 0, 1]. */
public class ArrayIncreasing {
    public static int run(int[] a) {
        if (a.length == 3 && a[0] < a[1] && a[1] < a[2] && a[0] + a[1] + a[2] == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
