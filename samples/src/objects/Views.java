package objects;

/**
 * A view of two arrays whose class is anonymous: only {@link #union}
 * makes one, its captured arrays in the synthetic fields {@code val$a} and
 * {@code val$b} (as commons-collections4's {@code SetUtils.union}).
 */
public final class Views {
    private Views() {
    }

    /** Whether a number is in the view. */
    public interface View {
        boolean contains(int x);
    }

    /** The numbers of {@code a} and of {@code b}. */
    public static View union(int[] a, int[] b) {
        if (a == null || b == null) {
            throw new NullPointerException("arrays must not be null");
        }
        return new View() {
            @Override
            public boolean contains(int x) {
                for (int v : a) {
                    if (v == x) {
                        return true;
                    }
                }
                for (int v : b) {
                    if (v == x) {
                        return true; // TARGET: second
                    }
                }
                return false;
            }
        };
    }
}
