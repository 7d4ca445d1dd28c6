package soundness;

// CATEGORY: loops

/**
 * Unreachable: the loop runs at least once (x > 0 on entry) and its last
 * iteration starts from some x' > 0 and leaves x' - 3 > -3 (no wrap-around),
 * so the loop ends with x in {-2, -1, 0}.
 */
public class CountdownOvershoot {
    public static int run(int x) {
        if (x <= 0) {
            return 0;
        }
        while (x > 0) {
            x -= 3;
        }
        if (x == -3) {
            return 1; // TARGET EXPECT: unreachable
        }
        return x;
    }
}
