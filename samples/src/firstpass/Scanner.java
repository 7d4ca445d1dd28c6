package firstpass;

import java.util.regex.Pattern;

/**
 * A character scanner in the style of the phonetic encoders (Metaphone,
 * Caverphone): a {@code switch} on each letter whose cases look at the
 * letters around it, and an address check through a regular expression.
 * The backward search reaches these cases only after many loop
 * iterations; the first pass's seeds made of each case's letters
 * ({@code "SCH"}, {@code "CIA"}) and of the pattern's examples
 * ({@code "0.0.0.0"}) reach them at once.
 */
public class Scanner {
    private static final Pattern ADDRESS = Pattern.compile("^(\\d{1,3})\\.(\\d{1,3})$");

    public static String encode(String word) {
        String w = word.toUpperCase();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            switch (c) {
                case 'C':
                    if (before(w, i) == 'S' && after(w, i) == 'H') {
                        out.append('K'); // TARGET: sch
                        i++;
                    } else if (w.startsWith("CIA", i)) {
                        out.append('X'); // TARGET: cia
                    } else {
                        out.append('K');
                    }
                    break;
                case 'P':
                    if (after(w, i) == 'H') {
                        out.append('F'); // TARGET: ph
                    } else {
                        out.append('P');
                    }
                    break;
                case 'Q':
                    out.append('K');
                    break;
                default:
                    break;
            }
        }
        return out.toString();
    }

    /** Two numbers of at most three digits, each at most 255, no leading zero. */
    public static boolean isAddress(String s) {
        java.util.regex.Matcher m = ADDRESS.matcher(s);
        if (!m.matches()) {
            return false;
        }
        for (int g = 1; g <= 2; g++) {
            String part = m.group(g);
            if (part.length() > 1 && part.charAt(0) == '0') {
                return false; // TARGET: leadingZero
            }
            if (Integer.parseInt(part) > 255) {
                return false; // TARGET: tooLarge
            }
        }
        return true; // TARGET: address
    }

    private static char before(String w, int i) {
        return i > 0 ? w.charAt(i - 1) : ' ';
    }

    private static char after(String w, int i) {
        return i + 1 < w.length() ? w.charAt(i + 1) : ' ';
    }
}
