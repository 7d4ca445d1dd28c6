package loops;

/**
 * A target behind thousands of loop iterations: the backward path crosses
 * the loop's blocks once per iteration, so the search recurses thousands of
 * levels deep. Bounded only by --max-path and --max-loop, never by the
 * thread's stack. The branch in each body keeps these loops from being
 * counter loops, which the search summarizes in one step
 * (src/search/loop_summary.rs; {@link #summarized} is one): these it must
 * unroll.
 */
public class Deep {
    public static int countdown(int n) {
        int c = 0;
        while (n > 0) {
            n--;
            if (n >= 0) {
                c++;
            }
        }
        if (c == 200) {
            return 1; // reached with n = 200
        }
        return 0;
    }

    /** The target needs c == -1 after the loop: no input gives it, and no loop bound proves it. */
    public static int never(int n) {
        int c = 0;
        while (n > 0) {
            n--;
            if (n >= 0) {
                c++;
            }
        }
        if (c == -1) {
            return 1; // TARGET: never
        }
        return 0;
    }

    /** never's loop as a counter loop: its summary proves the target unreachable. */
    public static int summarized(int n) {
        int c = 0;
        while (n > 0) {
            n--;
            c++;
        }
        if (c == -1) {
            return 1; // TARGET: summarized
        }
        return 0;
    }
}
