package soundness;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

// CATEGORY: strings

/**
 * Reachable: the empty regex matches at every index up to the length, one
 * character on after each empty match; s = "ab" gives its third at 2.
 */
public class RegexEmptyAtEnd {
    public static int run(String s) {
        Matcher m = Pattern.compile("").matcher(s);
        m.find();
        m.find();
        if (m.find() && m.start() == 2 && s.length() == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
