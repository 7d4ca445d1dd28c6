package objects;

/** A closed interval of ints; its constructor keeps start <= end, and nothing changes them. */
public final class Interval {
    private final int start;
    private final int end;

    public Interval(int start, int end) {
        if (start > end) {
            throw new IllegalArgumentException("start " + start + " > end " + end);
        }
        this.start = start;
        this.end = end;
    }

    /** The number of ints in the interval; the first branch is dead for any constructed interval. */
    public int length() {
        if (start > end) {
            return -1; // TARGET: dead
        }
        return end - start + 1;
    }

    public boolean contains(int x) {
        if (x < start) {
            return false;
        }
        if (x > end) {
            return false;
        }
        return true;
    }

    /** Whether the two intervals share an int. */
    public boolean overlaps(Interval other) {
        if (other.end < start) {
            return false; // TARGET: before
        }
        return other.start <= end; // TARGET: overlaps
    }
}
