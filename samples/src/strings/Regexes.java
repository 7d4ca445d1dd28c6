package strings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * java.util.regex for literal patterns (src/search/regex.rs):
 * Pattern.compile, Pattern.matcher, Matcher.find, start and end.
 */
public class Regexes {
    /** The first space, at index 3. */
    public static int firstSpace(String s) {
        Matcher m = Pattern.compile(" ").matcher(s);
        if (m.find()) {
            if (m.start() == 3) {
                return 1; // TARGET: space-at-3
            }
            return 2; // TARGET: space-elsewhere
        }
        return 0; // TARGET: no-space
    }

    /** A pattern given as argument, found past the start. */
    public static int foundInside(String s, String p) {
        Matcher m = Pattern.compile(p).matcher(s);
        if (m.find() && m.start() > 0) {
            return 1; // TARGET: inside
        }
        return 0;
    }

    /** A match of "ab" is two characters long: never five. */
    public static int tooLong(String s) {
        Matcher m = Pattern.compile("ab").matcher(s);
        if (m.find() && m.end() - m.start() == 5) {
            return 1; // TARGET: too-long
        }
        return 0;
    }

    /** Two finds: the second match starts where the first ended. */
    public static int twoMatches(String s) {
        Matcher m = Pattern.compile("x").matcher(s);
        int found = 0;
        int last = -1;
        while (found < 2 && m.find()) {
            found++;
            last = m.end();
        }
        if (found == 2 && last == 4) {
            return 1; // TARGET: two
        }
        return 0;
    }

    /** Empty matches: find() moves one character on past each. */
    public static int emptyMatches(String s) {
        Matcher m = Pattern.compile("").matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        if (n == 3) {
            return 1; // TARGET: three-empty
        }
        return 0;
    }

    /**
     * A regex with a metacharacter: "a.c" finds "abc", but the model
     * takes regexes to be literal, so the target is unknown, never
     * unreachable.
     */
    public static int metaPattern(String s) {
        Matcher m = Pattern.compile("a.c").matcher(s);
        if (m.find()) {
            return 1; // TARGET: meta
        }
        return 0;
    }

    /** A builder as the text: outside the model, cut with a reason. */
    public static int builderText(String s) {
        Matcher m = Pattern.compile("a").matcher(new StringBuilder(s));
        if (m.find()) {
            return 1; // TARGET: builder-text
        }
        return 0;
    }
}
