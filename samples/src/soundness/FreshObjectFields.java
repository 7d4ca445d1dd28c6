package soundness;

// CATEGORY: heap

/** Unreachable: the constructor sets both fields to x. */
public class FreshObjectFields {
    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    public static int run(int x) {
        Point p = new Point(x, x);
        if (p.x != p.y) {
            return 1; // TARGET EXPECT: unreachable
        }
        return p.x;
    }
}
