package soundness;

// CATEGORY: arrays

/** Unreachable: the loop leaves max >= every element of the array. */
public class ArrayMaxOfThree {
    public static int run(int[] a) {
        if (a.length != 3) {
            return 0;
        }
        int max = a[0];
        for (int i = 1; i < a.length; i++) {
            if (a[i] > max) {
                max = a[i];
            }
        }
        if (max < a[0] || max < a[2]) {
            return 1; // TARGET EXPECT: unreachable
        }
        return max;
    }
}
