package soundness;

// CATEGORY: heap

/** Unreachable: when a != b the write to a.value leaves b.value at 1. */
public class AliasOverwrite {
    static final class Cell {
        int value;
    }

    public static int run(Cell a, Cell b) {
        a.value = 1;
        b.value = 1;
        a.value = 2;
        if (b.value == 2 && a != b) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
