package soundness;

// CATEGORY: exceptions

/** Reachable: c = null makes the field read throw NullPointerException. */
public class NullCaught {
    static final class Cell {
        int value;
    }

    public static int run(Cell c) {
        try {
            return c.value;
        } catch (NullPointerException e) {
            return -1; // TARGET EXPECT: reachable
        }
    }
}
