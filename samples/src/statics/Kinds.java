package statics;

/**
 * Static fields the class initializer sets to class literals, as
 * commons-cli's {@code PatternOptionBuilder.STRING_VALUE}: each holds its
 * class's {@code Class} object, so a {@code Class} input equal to one is
 * that class (src/statics.rs).
 */
public final class Kinds {
    public static final Class<?> TEXT = String.class;
    public static final Class<?> NUMBERS = Integer[].class;

    private Kinds() {
    }

    /** 1 for the text kind, 2 for the numbers kind, else 0. */
    public static int kind(Class<?> c) {
        if (c == TEXT) {
            return 1; // TARGET: text
        }
        if (c == NUMBERS) {
            return 2; // TARGET: numbers
        }
        return 0;
    }

    /** The two kinds are never the same class. */
    public static int same() {
        if (TEXT == NUMBERS) {
            return 1; // TARGET: same
        }
        return 0;
    }
}
