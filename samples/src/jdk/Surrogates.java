package jdk;

/**
 * Targets behind an unpaired UTF-16 surrogate: Java strings may hold one,
 * Unicode text may not (commons-lang3's StringUtils tests
 * Character.isHighSurrogate to step over pairs). The input states jaut finds
 * for them carry the string's UTF-16 units.
 */
public class Surrogates {
    public static int lone(String s) {
        if (s.length() > 0 && Character.isHighSurrogate(s.charAt(0))) {
            return 1; // target: a high surrogate first
        }
        return 0;
    }

    /** A lone high surrogate, returned as it is. */
    public static String echo(String s) {
        if (s.length() == 1 && Character.isHighSurrogate(s.charAt(0))) {
            return s;
        }
        return "";
    }

    /** A low surrogate after a letter, in an exception's message. */
    public static int strayLow(String s) {
        if (s.length() == 2 && s.charAt(0) == 'x' && Character.isLowSurrogate(s.charAt(1))) {
            throw new IllegalArgumentException("stray: " + s);
        }
        return 0;
    }
}
