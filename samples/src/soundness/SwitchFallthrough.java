package soundness;

// CATEGORY: switch

/**
 * Unreachable: y ends as 10 (case 1), 25 (case 2 falls into case 3),
 * 5 (case 3) or 0 (any other x); never 15.
 */
public class SwitchFallthrough {
    @SuppressWarnings("fallthrough")
    public static int run(int x) {
        int y = 0;
        switch (x) {
            case 1:
                y = 10;
                break;
            case 2:
                y = 20;
                // falls through
            case 3:
                y += 5;
                break;
            default:
                y = 0;
        }
        if (y == 15) {
            return 1; // TARGET EXPECT: unreachable
        }
        return y;
    }
}
