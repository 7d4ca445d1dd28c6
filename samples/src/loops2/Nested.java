package loops2;

/**
 * Two nested counter loops (src/search/loop_summary.rs): the inner loop's
 * summary is the step of the outer one, so the product of their counts is
 * one constraint, not n unrollings of the outer loop.
 */
public class Nested {
    /** c is n * m when both are positive: 37 * 41 = 1517 (both prime). */
    public static int product(int n, int m) {
        if (n < 0 || m < 0 || n > 1000 || m > 1000) {
            return 0;
        }
        int c = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                c++;
            }
        }
        if (c == n * m && c == 1517 && n > 1 && m > 1) {
            return 1; // TARGET: product
        }
        return 0;
    }

    /** Unreachable: the summary is exact, so it proves c is 12 for n = 3, m = 4 (no loop bound hit). */
    public static int never(int n, int m) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                c += 1;
            }
        }
        if (n == 3 && m == 4 && c != 12) {
            return 1; // TARGET: never
        }
        return 0;
    }
}
