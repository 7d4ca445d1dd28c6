package soundness;

// CATEGORY: heap

/** Unreachable: Boolean.TRUE holds true, so a Boolean equal to it is true. */
public class BooleanTrueEquals {
    public static int run(Boolean b) {
        if (Boolean.TRUE.equals(b) && !b.booleanValue()) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
