package soundness;

// CATEGORY: heap

/** Unreachable: an object's identity hash code does not change between calls. */
public class HashStable {
    static final class Cell {
        int value;
    }

    public static int run(Cell c) {
        int h1 = c.hashCode();
        int h2 = c.hashCode();
        if (h1 != h2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
