package effects;

/**
 * A contract that writes a field of a reference type
 * (samples/contracts/holder.toml): the search reads {@code item} through
 * the contract's write as it reads it through a {@code getfield}.
 */
public class Holder {
    public Object item;

    /** Described by its contract: the search does not explore it. */
    public void put(Object x) {
        item = x;
    }

    /** Reachable: after {@code put(x)} the holder holds {@code x}. */
    public static int stored(Holder h, Object x) {
        h.put(x);
        if (h.item == x && x != null) {
            return 1; // TARGET: stored
        }
        return 0;
    }

    /** Unreachable: after {@code put(x)} the holder holds nothing else. */
    public static int other(Holder h, Object x, Object y) {
        h.put(x);
        if (h.item == y && x != y) {
            return 1; // TARGET: other
        }
        return 0;
    }
}
