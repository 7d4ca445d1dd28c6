package soundness;

// CATEGORY: heap

/**
 * The default case of a switch over an enum is taken by the one constant
 * no case names (the switch map is what javac's class initializer fills).
 * Reachable: s = Side.BACK.
 */
public class EnumSwitchDefault {
    public enum Side {
        LEFT,
        RIGHT,
        BACK
    }

    public static int run(Side s) {
        switch (s) {
            case LEFT:
                return 1;
            case RIGHT:
                return 2;
            default:
                return 3; // TARGET EXPECT: reachable
        }
    }
}
