package util;

/** The project's one dependency. */
public final class Clamp {
    private Clamp() {}

    /**
     * {@code x} brought into {@code [lo, hi]}.
     *
     * @param x a value
     * @param lo the least result
     * @param hi the greatest result
     * @return the nearest value of the range
     */
    public static int clamp(int x, int lo, int hi) {
        return Math.max(lo, Math.min(hi, x));
    }
}
