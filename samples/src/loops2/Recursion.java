package loops2;

/**
 * Recursion deeper than the first bounds: src/search/driver.rs deepens the
 * call depth (from 8) and the recursion bound (from 3) round by round.
 */
public class Recursion {
    /** The target needs eleven activations of count: n = 10. */
    public static int depth(int n) {
        if (count(n) == 10) {
            return 1; // TARGET: depth
        }
        return 0;
    }

    private static int count(int n) {
        if (n <= 0) {
            return 0;
        }
        return 1 + count(n - 1);
    }

    /** Unreachable whatever the depth: count is never negative, but no bound proves it. */
    public static int negative(int n) {
        if (count(n) < 0) {
            return 1; // TARGET: negative
        }
        return 0;
    }
}
