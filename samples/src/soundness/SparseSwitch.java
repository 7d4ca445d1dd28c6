package soundness;

// CATEGORY: switch

/** Reachable: x = -50000 selects the third case of a lookupswitch. */
public class SparseSwitch {
    public static int run(int x) {
        int y;
        switch (x) {
            case 7:
                y = 1;
                break;
            case 1000:
                y = 2;
                break;
            case -50000:
                y = 3;
                break;
            default:
                y = 0;
        }
        if (y == 3) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
