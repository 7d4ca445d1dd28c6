package callers;

/**
 * A running total kept under a limit: the public {@link #add} checks its
 * argument, the private {@link #bump} (an instance method reading and
 * writing the receiver's fields) clamps the total.
 */
public class Meter {
    private final int limit;
    private int total;

    public Meter(int limit) {
        this.limit = limit;
    }

    /** Adds a positive amount; false when it is not positive or the limit was passed. */
    public boolean add(int amount) {
        if (amount <= 0) {
            return false;
        }
        return bump(amount);
    }

    private boolean bump(int amount) {
        total += amount;
        if (total > limit) {
            total = limit; // TARGET: over the limit
            return false;
        }
        return true;
    }

    public int total() {
        return total;
    }
}
