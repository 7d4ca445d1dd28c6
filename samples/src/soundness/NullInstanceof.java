package soundness;

// CATEGORY: heap

/** Unreachable: null is an instance of no class, Object included. */
public class NullInstanceof {
    public static int run(Object o) {
        if (o == null && o instanceof Object) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
