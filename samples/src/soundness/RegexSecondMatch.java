package soundness;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

// CATEGORY: strings

/** Reachable: s = "a;b;" has its second ';' at 3. */
public class RegexSecondMatch {
    public static int run(String s) {
        Matcher m = Pattern.compile(";").matcher(s);
        if (m.find() && m.start() == 1 && m.find() && m.end() == 4) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
