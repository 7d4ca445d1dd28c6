package chars;

/** Character classification and case mapping (src/search/characters.rs). */
public class Classify {
    public static int kind(char c, char d) {
        if (Character.isDigit(c) && Character.toUpperCase(d) == 'Q' && !Character.isUpperCase(d)) {
            return 1; // TARGET: digitAndQ
        }
        return 0;
    }

    public static int spaceOrLetter(String s) {
        if (s.length() == 2 && Character.isWhitespace(s.charAt(0)) && Character.isLetter(s.charAt(1))) {
            return 1; // TARGET: spaceLetter
        }
        return 0;
    }

    /** No ASCII character is both a digit and a letter. */
    public static int both(char c) {
        if (c < 128 && Character.isDigit(c) && Character.isLetter(c)) {
            return 1; // TARGET: both
        }
        return 0;
    }
}
