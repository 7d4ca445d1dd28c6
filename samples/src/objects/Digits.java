package objects;

import java.text.DecimalFormatSymbols;

/** Digits in a locale's symbols: a JDK object the test makes by {@code new}. */
public final class Digits {
    private Digits() {
    }

    /** The digit nine in {@code symbols}' digits, or a blank. */
    public static char nine(DecimalFormatSymbols symbols) {
        char zero = symbols.getZeroDigit();
        if (zero != 0) {
            return (char) (zero + 9); // TARGET: nine
        }
        return ' ';
    }
}
