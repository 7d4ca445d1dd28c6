package loops2;

/**
 * Conditional counters and accumulators over an array input
 * (src/search/loop_cells.rs): the loop's body adds to a counter only when
 * the current cell passes a test, so its value at the exit is how many
 * cells pass. Unrolled, each iteration doubles the paths (2^30 for
 * {@link #dots}); summarized, the count is one constraint over the cells.
 */
public class Counting {
    /** Thirty dots among the characters. */
    public static int dots(char[] s) {
        int dots = 0;
        for (char c : s) {
            if (c == '.') {
                dots++;
            }
        }
        if (dots == 30) {
            return 1; // TARGET: dots
        }
        return 0;
    }

    /** The same count by index, the bound read from the array each time. */
    public static int digits(char[] s) {
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            if (s[i] >= '0' && s[i] <= '9') {
                n += 1;
            }
        }
        if (n == 12 && s.length == 20) {
            return 1; // TARGET: digits
        }
        return 0;
    }

    /** An accumulated sum of the positive cells. */
    public static int positiveSum(int[] a) {
        int sum = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                sum += a[i];
            }
        }
        if (sum == 1000 && a.length == 25) {
            return 1; // TARGET: positiveSum
        }
        return 0;
    }

    /** Unreachable: at most s.length cells pass, and s has 10. */
    public static int tooMany(char[] s) {
        if (s.length != 10) {
            return 0;
        }
        int dots = 0;
        for (char c : s) {
            if (c == '.') {
                dots++;
            }
        }
        if (dots > 10) {
            return 1; // TARGET: tooMany
        }
        return 0;
    }
}
