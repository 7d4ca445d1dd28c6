package objects;

/** A point of the plane. */
public class Point {
    final int x;
    final int y;

    public Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    /** A point of the diagonal. */
    public Point(int both) {
        this(both, both);
    }

    Point(Point other) {
        this(other.x, other.y);
    }
}
