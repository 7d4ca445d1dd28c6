package jdk;

/**
 * A target behind an unpaired UTF-16 surrogate: the input string must start
 * with one, which a Unicode text cannot hold.
 */
public class Surrogates {
    public static int lone(String s) {
        if (s.length() > 0 && Character.isHighSurrogate(s.charAt(0))) {
            return 1; // target: a high surrogate first
        }
        return 0;
    }
}
