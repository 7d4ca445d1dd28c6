package soundness;

// CATEGORY: statics

/** Unreachable: run resets count and bump adds 1 twice, so count is 2. */
public class CalleeWritesStatic {
    private static int count;

    static void bump() {
        count++;
    }

    public static int run(int x) {
        count = 0;
        bump();
        if (x > 0) {
            bump();
        } else {
            bump();
        }
        if (count == 3) {
            return 1; // TARGET EXPECT: unreachable
        }
        return count;
    }
}
