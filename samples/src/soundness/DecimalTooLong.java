package soundness;

// CATEGORY: strings

/** Unreachable: an int's decimal text has at most 11 characters ("-2147483648"). */
public class DecimalTooLong {
    public static int run(int n) {
        if (Integer.toString(n).length() > 11) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
