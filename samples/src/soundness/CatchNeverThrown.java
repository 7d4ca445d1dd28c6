package soundness;

// CATEGORY: exceptions

/** Unreachable: nothing in the try block (an int addition) can throw. */
public class CatchNeverThrown {
    public static int run(int x) {
        int r;
        try {
            r = x + 1;
        } catch (RuntimeException e) {
            return -1; // TARGET EXPECT: unreachable
        }
        return r;
    }
}
