package builders;

/**
 * Strings built at run time (src/search/builders.rs, concat.rs,
 * numbers.rs): StringBuilder, string concatenation, Integer.toString and
 * Integer.parseInt with exact contents.
 */
public class Built {
    public static int concatEquals(String s, int n) {
        if (s.equals("a" + n)) {
            return 1; // TARGET: concat
        }
        return 0;
    }

    public static int concatNeverEmpty(String s) {
        if ((s + "x").length() == 0) {
            return 1; // TARGET: never-empty
        }
        return 0;
    }

    public static int built(String s, int n) {
        StringBuilder sb = new StringBuilder();
        sb.append(s).append('-').append(n);
        if (sb.toString().equals("ab-12")) {
            return 1; // TARGET: built
        }
        return 0;
    }

    public static int palindrome(String s) {
        if (s.length() == 3 && new StringBuilder(s).reverse().toString().equals(s)
                && s.charAt(0) != s.charAt(1)) {
            return 1; // TARGET: palindrome
        }
        return 0;
    }

    public static int edited(String s) {
        StringBuilder sb = new StringBuilder(s);
        sb.insert(0, "<").append('>');
        sb.deleteCharAt(1);
        sb.setCharAt(1, 'z');
        if (sb.length() == 4 && sb.toString().equals("<zc>")) {
            return 1; // TARGET: edited
        }
        return 0;
    }

    public static int truncated(String s) {
        StringBuilder sb = new StringBuilder(s);
        sb.setLength(2);
        if (sb.charAt(1) == 'q' && s.length() > 4) {
            return 1; // TARGET: truncated
        }
        return 0;
    }

    public static int nullAppended(String s) {
        String t = new StringBuilder().append(s).toString();
        if (t.length() == 4 && t.charAt(0) == 'n') {
            return 1; // TARGET: null-appended
        }
        return 0;
    }

    public static int decimal(int n) {
        String t = Integer.toString(n);
        if (t.length() == 3 && n < 0) {
            return 1; // TARGET: decimal
        }
        return 0;
    }

    public static int noLeadingZero(int n) {
        if (String.valueOf(n).equals("007")) {
            return 1; // TARGET: leading-zero
        }
        return 0;
    }

    public static int longMinimum(long v) {
        String t = "" + v;
        if (t.length() == 20) {
            return 1; // TARGET: long-minimum
        }
        return 0;
    }

    public static int parsed(String s) {
        if (Integer.parseInt(s) == -42) {
            return 1; // TARGET: parsed
        }
        return 0;
    }

    public static int parsedSign(String s) {
        if (s.length() < 6 && s.startsWith("-") && Integer.parseInt(s) > 0) {
            return 1; // TARGET: parsed-sign
        }
        return 0;
    }

    public static int notANumber(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1; // TARGET: nfe
        }
    }

    public static int roundTrip(int n) {
        if (Integer.parseInt("" + n) != n) {
            return 1; // TARGET: round-trip
        }
        return 0;
    }

    public static int hex(int n) {
        if (Integer.toHexString(n).equals("ff") ) {
            return 1; // TARGET: hex
        }
        return 0;
    }

    public static int hexNegative(int n) {
        if (Integer.toHexString(n).length() < 8 && n < 0) {
            return 1; // TARGET: hex-negative
        }
        return 0;
    }

    public static int digit(char c) {
        if (Character.digit(c, 16) == 11 && c > 'Z') {
            return 1; // TARGET: digit
        }
        return 0;
    }

    public static int lowered(String s) {
        if (s.toLowerCase().equals("\u00e9t\u00e9") && s.charAt(0) == '\u00c9') {
            return 1; // TARGET: lowered
        }
        return 0;
    }
}
