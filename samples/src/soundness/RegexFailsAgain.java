package soundness;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

// CATEGORY: strings

/**
 * Unreachable: a find() that failed leaves the search where it was, so the
 * next find() fails too (Matcher.search keeps `last` on a failure).
 */
public class RegexFailsAgain {
    public static int run(String s, String p) {
        Matcher m = Pattern.compile(p).matcher(s);
        if (!m.find() && m.find()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
