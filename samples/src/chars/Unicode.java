package chars;

/**
 * {@code Character} on any char, past Latin-1 too: each target needs one
 * answer of a {@code Character} method that the JDK computes in a
 * {@code CharacterData} subclass ({@code CharacterData00} for the Basic
 * Multilingual Plane beyond Latin-1).
 */
public class Unicode {
    /** A Greek capital letter (U+0391..U+03A9): a letter, beyond Latin-1. */
    public static int greekLetter(char c) {
        if (c >= '\u0391' && c <= '\u03a9' && Character.isLetter(c)) {
            return 1; // TARGET: greekLetter
        }
        return 0;
    }

    /** An Arabic-Indic digit (U+0660..U+0669). */
    public static int arabicDigit(char c) {
        if (c > 255 && Character.isDigit(c)) {
            return Character.digit(c, 10); // TARGET: arabicDigit
        }
        return 0;
    }

    /** A lower-case Cyrillic letter whose upper case is U+0416 (Ж). */
    public static int cyrillicUpper(char c) {
        if (c != '\u0416' && Character.toUpperCase(c) == '\u0416') {
            return 1; // TARGET: cyrillicUpper
        }
        return 0;
    }

    /** A white space beyond Latin-1 (U+2000..U+200A, U+3000, ...). */
    public static int wideSpace(char c) {
        if (c > 255 && Character.isWhitespace(c)) {
            return 1; // TARGET: wideSpace
        }
        return 0;
    }

    /** A currency symbol beyond Latin-1 (the euro sign, U+20AC, say). */
    public static int currency(char c) {
        if (c > 255 && Character.getType(c) == Character.CURRENCY_SYMBOL) {
            return 1; // TARGET: currency
        }
        return 0;
    }

    /** A Latin-1 character of type DECIMAL_DIGIT_NUMBER. */
    public static int latinDigitType(char c) {
        if (Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER) {
            return 1; // TARGET: latinDigitType
        }
        return 0;
    }

    /** No char is both a letter and white space. */
    public static int letterAndSpace(char c) {
        if (Character.isLetter(c) && Character.isWhitespace(c)) {
            return 1; // TARGET: letterAndSpace
        }
        return 0;
    }
}
