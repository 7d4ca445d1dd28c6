package objects;

/** A segment between two points, made from them. */
public class Segment {
    private final Point from;
    private final Point to;

    public Segment(Point from, Point to) {
        this.from = java.util.Objects.requireNonNull(from, "from");
        this.to = java.util.Objects.requireNonNull(to, "to");
    }

    public boolean vertical() {
        if (from.x == to.x) {
            return from.y != to.y; // TARGET: vertical
        }
        return false;
    }
}
