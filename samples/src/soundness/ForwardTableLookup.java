package soundness;

// CATEGORY: arrays

/**
 * Reachable: the table holds i * 7 % 10, so t[n] == 3 needs n = 9 (63). The
 * index is an input, read from an array the method fills in a loop.
 */
public class ForwardTableLookup {
    public static int run(int n) {
        int[] t = new int[10];
        for (int i = 0; i < 10; i++) {
            t[i] = i * 7 % 10;
        }
        if (n >= 0 && n < 10 && t[n] == 3) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
