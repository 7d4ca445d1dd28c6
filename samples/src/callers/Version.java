package callers;

/**
 * Version numbers {@code "major.minor"}, parsed by a public method through
 * private helpers (issue 33, item 3): the helpers' code is reached by a
 * test of {@link #parse} with the right text, and {@link #measure}'s null
 * check by no call of the public API ({@link #size} never passes null).
 */
public class Version {
    /** {@code major * 100 + minor} (or {@code major * 1000 + minor} for a minor of three digits), -1 when the text is no version. */
    public static int parse(String text) {
        if (text == null) {
            return -1;
        }
        int dot = text.indexOf('.');
        if (dot <= 0 || dot == text.length() - 1) {
            return -1;
        }
        int major = number(text, 0, dot);
        int minor = number(text, dot + 1, text.length());
        if (major < 0 || minor < 0) {
            return -1;
        }
        return combine(major, minor);
    }

    private static int number(String text, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            int d = digit(text.charAt(i));
            if (d < 0) {
                return -1; // TARGET: not a digit
            }
            value = value * 10 + d;
        }
        return value;
    }

    private static int digit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return -1;
    }

    private static int combine(int major, int minor) {
        if (minor >= 100) {
            return major * 1000 + minor; // TARGET: wide minor
        }
        return major * 100 + minor;
    }

    /** The length of the text, 0 for null. */
    public static int size(String text) {
        if (text == null) {
            return 0;
        }
        return measure(text);
    }

    private static int measure(String text) {
        if (text == null) {
            return -1; // TARGET: only a direct call passes null
        }
        return text.length();
    }
}
