package soundness;

// CATEGORY: heap

/** Reachable only when a and b are the same object. */
public class AliasRequired {
    static final class Cell {
        int value;
    }

    public static int run(Cell a, Cell b) {
        a.value = 1;
        b.value = 2;
        if (a.value == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
