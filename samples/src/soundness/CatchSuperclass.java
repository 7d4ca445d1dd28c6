package soundness;

// CATEGORY: exceptions

/**
 * A handler for a superclass catches ArrayIndexOutOfBoundsException.
 * Reachable: an a of length 0 (or any i outside a's bounds).
 */
public class CatchSuperclass {
    public static int run(int[] a, int i) {
        try {
            a[i] = 1;
        } catch (IndexOutOfBoundsException e) {
            return -1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
