package soundness;

// CATEGORY: arrays

/** Reachable: System.arraycopy moves s[3] to d[2]; s = [0, 0, 0, 9]. */
public class ArrayCopyShift {
    public static int run(int[] s) {
        int[] d = new int[4];
        System.arraycopy(s, 1, d, 0, 3);
        if (s.length == 4 && d[2] == 9) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
