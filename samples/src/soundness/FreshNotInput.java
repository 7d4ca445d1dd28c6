package soundness;

// CATEGORY: heap

/** Unreachable: an object allocated here is never an input. */
public class FreshNotInput {
    static final class Cell {
        int value;
    }

    public static int run(Cell c) {
        Cell fresh = new Cell();
        if (fresh == c) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
