package overloads;

/**
 * Checks generic in their bound's type, as commons-lang3's
 * {@code Validate.inclusiveBetween(T, T, Comparable<T>)}: the bytecode takes
 * any {@code Number} and any {@code Comparable}, so a test may pass an
 * {@code Integer} with a {@code String} limit, for which javac cannot infer
 * {@code T} at a direct call; the test then calls it through {@code invoke}.
 */
public final class Bounds {
    private Bounds() {
    }

    /** The sign of {@code value}, or -1 without a limit. */
    public static <T extends Number> int rank(T value, Comparable<T> limit) {
        if (limit == null) {
            return -1;
        }
        return value.intValue() > 0 ? 1 : 0;
    }
}
