package soundness;

// CATEGORY: loops

/** Unreachable: five iterations add at most 5 to c. */
public class BoundedCounter {
    public static int run(int x) {
        int c = 0;
        for (int i = 0; i < 5; i++) {
            if (x > i) {
                c++;
            }
        }
        if (c == 6) {
            return 1; // TARGET EXPECT: unreachable
        }
        return c;
    }
}
