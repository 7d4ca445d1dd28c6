package soundness;

// CATEGORY: arrays

/** Unreachable: the elements of a new object array are null. */
public class ObjectArrayDefault {
    static final class Cell {
        int value;
    }

    public static int run(int n) {
        if (n <= 0 || n > 10) {
            return 0;
        }
        Cell[] cells = new Cell[n];
        if (cells[n - 1] != null) {
            return 1; // TARGET EXPECT: unreachable
        }
        return cells.length;
    }
}
