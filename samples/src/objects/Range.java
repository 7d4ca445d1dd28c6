package objects;

/**
 * An immutable range made from {@link #EMPTY} by its instance factories
 * ({@code Range.EMPTY.withLow(2).withHigh(20)}); its constructor is
 * private.
 */
public final class Range {
    /** The range [0, 0]. */
    public static final Range EMPTY = new Range(0, 0);

    private final int low;
    private final int high;

    private Range(int low, int high) {
        this.low = low;
        this.high = high;
    }

    /** This range with another lower end. */
    public Range withLow(int low) {
        return new Range(low, high);
    }

    /** This range with another upper end. */
    public Range withHigh(int high) {
        return new Range(low, high);
    }

    /** Whether the range spans more than ten numbers above one. */
    public boolean isWide() {
        if (low > 0 && high - low > 10) {
            return true; // TARGET: wide
        }
        return false;
    }
}
