package soundness;

// CATEGORY: heap

/**
 * An enum input is one of its declared constants or null: no constant of
 * a two-constant enum has ordinal 2. Unreachable.
 */
public class EnumOrdinalBound {
    public enum Side {
        LEFT,
        RIGHT
    }

    public static int run(Side s) {
        if (s != null && s.ordinal() == 2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
