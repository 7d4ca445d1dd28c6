package soundness;

// CATEGORY: heap

/** Unreachable: two boxes of different values are different objects. */
public class BoxDistinctValues {
    public static int run(int x, int y) {
        Integer a = Integer.valueOf(x);
        Integer b = Integer.valueOf(y);
        if (a == b && x != y) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
