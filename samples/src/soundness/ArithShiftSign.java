package soundness;

// CATEGORY: integers

/** Unreachable: an arithmetic shift by 31 gives 0 or -1, never 1. */
public class ArithShiftSign {
    public static int run(int x) {
        int sign = x >> 31;
        if (sign == 1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return sign;
    }
}
