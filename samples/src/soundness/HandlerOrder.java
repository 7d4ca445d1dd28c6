package soundness;

// CATEGORY: exceptions

/**
 * Unreachable: an IllegalStateException is not an IllegalArgumentException,
 * so the first handler never runs; the second catches it.
 */
public class HandlerOrder {
    public static int run(int x) {
        try {
            if (x > 0) {
                throw new IllegalStateException("state");
            }
        } catch (IllegalArgumentException e) {
            return 1; // TARGET EXPECT: unreachable
        } catch (RuntimeException e) {
            return 2;
        }
        return 0;
    }
}
