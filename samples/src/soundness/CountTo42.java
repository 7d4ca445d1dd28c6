package soundness;

// CATEGORY: loops

/** Reachable: 42 iterations of the loop, x = 42. */
public class CountTo42 {
    public static int run(int x) {
        int n = 0;
        for (int i = 0; i < x; i++) {
            n += 3;
        }
        if (n == 126) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
