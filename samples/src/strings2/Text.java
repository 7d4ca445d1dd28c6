package strings2;

/**
 * String methods over exact contents (src/search/string_methods.rs):
 * substring, indexOf, lastIndexOf, startsWith, endsWith, hashCode.
 */
public class Text {
    public static int extension(String name) {
        int dot = name.lastIndexOf('.');
        if (dot > 0 && name.substring(dot + 1).equals("txt")) {
            return 1; // TARGET: txt
        }
        return 0;
    }

    public static int firstSlash(String path) {
        int i = path.indexOf('/');
        if (i == 2 && path.startsWith("ab")) {
            return 1; // TARGET: slash
        }
        return 0;
    }

    public static int suffix(String s) {
        if (s.endsWith("ing") && s.length() == 5) {
            return 1; // TARGET: suffix
        }
        return 0;
    }

    public static int hashed(String s) {
        if (s.length() == 2 && s.hashCode() == 3105) {
            return 1; // TARGET: hashed
        }
        return 0;
    }

    /**
     * An int argument searched for: the model is exact for a char and free
     * for a supplementary code point, and labeling prefers the exact one.
     */
    public static int lastAt(String s, int ch) {
        int i = s.lastIndexOf(ch);
        if (i != -1 && i != s.length() - 1) {
            return 1; // TARGET: lastAt
        }
        return 0;
    }

    /** indexOf(String) from a start, and contains. */
    public static int found(String s, int from) {
        if (s.indexOf("ab", from) == 3 && s.contains("ba") && from > 0) {
            return 1; // TARGET: found
        }
        return 0;
    }

    /** The empty string is found at the start, or at the end past it. */
    public static int empty(String s, int from) {
        if (s.length() == 2 && s.indexOf("", from) != Math.min(Math.max(from, 0), 2)) {
            return 1; // TARGET: emptyNever
        }
        return 0;
    }

    /** compareTo: the first differing characters decide. */
    public static int ordered(String a, String b) {
        if (a.compareTo(b) == -2 && a.length() == 2 && b.length() == 3) {
            return 1; // TARGET: ordered
        }
        return 0;
    }

    /** A string compares equal to itself. */
    public static int selfCompare(String a) {
        if (a.compareTo(a) != 0) {
            return 1; // TARGET: selfCompare
        }
        return 0;
    }

    /** A prefix longer than the string never matches. */
    public static int tooLong(String s) {
        if (s.length() < 2 && s.startsWith("abc")) {
            return 1; // TARGET: tooLong
        }
        return 0;
    }

    /** codePointAt, Character.toTitleCase and new String(int[], int, int). */
    public static int codePoints(String s) {
        int cp = s.codePointAt(0);
        int[] cps = {Character.toTitleCase(cp), 'b'};
        String t = new String(cps, 0, 2);
        if (t.equals("Qb") && Character.charCount(cp) == 1) {
            return 1; // TARGET: code-points
        }
        return 0;
    }

    /** A surrogate pair read as one code point. */
    public static int surrogatePair(String s) {
        if (s.length() == 2 && s.codePointAt(0) == 0x1F600) {
            return 1; // TARGET: surrogate
        }
        return 0;
    }

    /** trim(): the string without surrounding blanks. */
    public static int trimmed(String s) {
        if (s.trim().equals("ok") && s.length() == 4) {
            return 1; // TARGET: trimmed
        }
        return 0;
    }

    /** toUpperCase(), replace(char, char), equalsIgnoreCase, concat. */
    public static int cases(String s, String t) {
        if (s.toUpperCase().equals("AB") && s.charAt(0) == 'a'
                && t.replace('a', 'b').equals("bbb") && t.startsWith("a")) {
            return 1; // TARGET: cases
        }
        return 0;
    }

    public static int ignoringCase(String s) {
        if (s.equalsIgnoreCase("Hello") && !s.equals("Hello")) {
            return 1; // TARGET: ignoring-case
        }
        return 0;
    }

    public static int concatenated(String s) {
        if (s.concat("!").length() == 0) {
            return 1; // TARGET: concatenated
        }
        return 0;
    }

    /** regionMatches, ignoring case. */
    public static int region(String s) {
        if (s.regionMatches(true, 1, "BC", 0, 2) && s.charAt(1) == 'b' && s.length() == 3) {
            return 1; // TARGET: region
        }
        return 0;
    }

    /** lastIndexOf(String). */
    public static int lastAb(String s) {
        if (s.lastIndexOf("ab") == 2 && s.length() == 5) {
            return 1; // TARGET: last-ab
        }
        return 0;
    }

    /** new String(char[], int, int). */
    public static int charRange(char[] cs) {
        if (new String(cs, 1, 2).equals("hi")) {
            return 1; // TARGET: char-range
        }
        return 0;
    }

    /** toLowerCase(Locale). */
    public static int lowerRoot(String s) {
        if (s.toLowerCase(java.util.Locale.ROOT).equals("ab") && s.charAt(0) == 'A') {
            return 1; // TARGET: lower-root
        }
        return 0;
    }
}
