package soundness;

// CATEGORY: exceptions

/**
 * Exceptions caught inside a loop of three iterations. Reachable: an array
 * of length 2 makes only the third store throw.
 */
public class CatchInLoop {
    public static int run(int[] a) {
        int caught = 0;
        for (int i = 0; i < 3; i++) {
            try {
                a[i] = i;
            } catch (ArrayIndexOutOfBoundsException e) {
                caught++;
            }
        }
        if (caught == 1) {
            return 1; // TARGET EXPECT: reachable
        }
        return caught;
    }
}
