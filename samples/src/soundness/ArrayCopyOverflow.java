package soundness;

// CATEGORY: arrays

/**
 * Unreachable: copying 3 elements into an array of 2 always throws
 * (IndexOutOfBoundsException, or NullPointerException for a null s).
 */
public class ArrayCopyOverflow {
    public static int run(int[] s) {
        int[] d = new int[2];
        System.arraycopy(s, 0, d, 0, 3);
        if (d.length == 2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
