package soundness;

// CATEGORY: strings

/** Unreachable: no string equals both "on" and "off". */
public class StringEqualsBoth {
    public static int run(String s) {
        if (s.equals("on") && s.equals("off")) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
