package soundness;

// CATEGORY: heap

/**
 * Boxes of values outside -128..127 are new objects (in a JVM with the
 * default cache, which the replay runs). Reachable: x = 128.
 */
public class BoxNotCached {
    public static int run(int x) {
        Integer a = Integer.valueOf(x);
        Integer b = Integer.valueOf(x);
        if (a != b) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
