package soundness;

// CATEGORY: heap

/** Reachable: a cast of null succeeds; o = null. */
public class NullCast {
    static final class Cell {
        int value;
    }

    public static int run(Object o) {
        Cell c = (Cell) o;
        if (c == null) {
            return 1; // TARGET EXPECT: reachable
        }
        return c.value;
    }
}
