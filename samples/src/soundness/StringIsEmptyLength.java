package soundness;

// CATEGORY: strings

/** Unreachable: isEmpty() is exactly length() == 0. */
public class StringIsEmptyLength {
    public static int run(String s) {
        boolean empty = s.isEmpty();
        boolean zero = s.length() == 0;
        if (empty != zero) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
