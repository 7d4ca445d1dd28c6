package soundness;

// CATEGORY: loops

/**
 * Reachable: i takes 10, 7, 4 and 1 (four iterations, the last with
 * i = 1), so x = 1 sets c in the last one. A loop bound read off the code
 * that missed that iteration would wrongly prove the target unreachable.
 */
public class LoopBoundLastIteration {
    public static int run(int x) {
        int c = 0;
        for (int i = 10; i >= 0; i -= 3) {
            if (x == i) {
                c = 1;
            }
        }
        if (c == 1 && x == 1) {
            return 1; // TARGET EXPECT: reachable
        }
        return c;
    }
}
