package deadline;

/**
 * Builder-heavy code for the timeout tests (tests/bounds_tests.rs): nested
 * appends in loops, whose backward search meets a new string model at every
 * iteration and whose targets need long, particular strings.
 */
public class Builders {
    /** Each word of s wrapped in brackets, each bracketed word repeated n times. */
    public static int nested(String s, int n) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            StringBuilder word = new StringBuilder();
            while (i < s.length() && s.charAt(i) != ' ') {
                word.append(s.charAt(i));
                i++;
            }
            for (int k = 0; k < n; k++) {
                out.append('[').append(word).append(']');
            }
        }
        if (out.toString().equals("[ab][ab][cd][cd][ef][ef][gh][gh]")) {
            return 1; // target
        }
        return 0;
    }

    /** A target no input reaches: the builder's length is never negative. */
    public static int never(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            b.append(s.charAt(i)).append(s.charAt(s.length() - 1 - i));
            b.insert(0, b.length());
        }
        if (b.length() == 3 && b.charAt(0) == 'x' && b.toString().hashCode() == 12345) {
            return 1; // target
        }
        return 0;
    }
}
