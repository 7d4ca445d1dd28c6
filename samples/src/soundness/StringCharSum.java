package soundness;

// CATEGORY: strings

/** Reachable: three characters summing to 300, e.g. s = "ddd". */
public class StringCharSum {
    public static int run(String s) {
        int sum = 0;
        for (int i = 0; i < s.length(); i++) {
            sum += s.charAt(i);
        }
        if (s.length() == 3 && sum == 300) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
