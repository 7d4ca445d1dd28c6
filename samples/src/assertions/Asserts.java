package assertions;

/**
 * Java {@code assert}s (JLS §14.10) as a test run has them: with
 * {@code -ea}, as Maven Surefire and Gradle run tests, a failing assert
 * throws an {@code AssertionError}; without it, no assert runs.
 */
public class Asserts {
    /**
     * Fails its assert for a non-positive {@code x}.
     *
     * @param x any int
     * @return {@code x} plus one
     */
    public static int positive(int x) {
        assert x > 0;
        return x + 1;
    }

    /**
     * Fails its assert, with a message, for {@code x} over 100.
     *
     * @param x any int
     * @return twice {@code x}
     */
    public static int small(int x) {
        assert x <= 100 : "too big: " + x;
        return x * 2;
    }

    /**
     * Calls {@link #checked(int)}, whose assert fails for an odd
     * {@code x}.
     *
     * @param x any int
     * @return half of {@code x}
     */
    public static int halve(int x) {
        return checked(x) / 2;
    }

    private static int checked(int x) {
        assert x % 2 == 0 : "odd";
        return x;
    }

    /**
     * An assert that cannot fail: the low bits of any int are never
     * negative.
     *
     * @param x any int
     * @return its low seven bits
     */
    public static int low(int x) {
        int b = x & 0x7f;
        assert b >= 0 : "negative: " + b;
        return b;
    }

    /**
     * Reaches its last line only with assertions off, or for a
     * positive {@code x}.
     *
     * @param x any int
     * @return 1 for a positive {@code x}, else 0
     */
    public static int afterAssert(int x) {
        assert x > 0;
        if (x > 0) {
            return 1;
        }
        return 0; // TARGET: after the assert
    }
}
