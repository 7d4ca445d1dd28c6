package soundness;

// CATEGORY: loops

/**
 * Unreachable: i takes only 10, 7, 4 and 1, so c is set only for one of
 * those x, never for x < 1. The body branches, so the loop has no summary:
 * the proof needs the bound of four iterations the code fixes.
 */
public class LoopBoundNeverBelow {
    public static int run(int x) {
        int c = 0;
        for (int i = 10; i >= 0; i -= 3) {
            if (x == i) {
                c = 1;
            }
        }
        if (c == 1 && x < 1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return c;
    }
}
