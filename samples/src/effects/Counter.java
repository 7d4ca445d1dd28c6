package effects;

/**
 * Contracts with effects (issue 16 item 4; samples/contracts/counter.toml):
 * {@code add} is stepped over by its contract, which writes {@code size}
 * and raises {@code IllegalStateException} when the counter is full.
 */
public class Counter {
    public int size;
    public int limit;

    /** Described by its contract: the search does not explore it. */
    public void add() {
        if (size >= limit) {
            throw new IllegalStateException("full");
        }
        size++;
    }

    /** Two adds from 5: reachable, with room for two more. */
    public static int twice(Counter c) {
        int before = c.size;
        c.add();
        c.add();
        if (c.size == before + 2 && before == 5) {
            return 1; // TARGET: twice
        }
        return 0;
    }

    /** The contract's exception, caught: reachable by a full counter. */
    public static int full(Counter c) {
        try {
            c.add();
        } catch (IllegalStateException e) {
            return 1; // TARGET: full
        }
        return 0;
    }

    /** Unreachable: an add that returns changes the size by one. */
    public static int never(Counter c) {
        int before = c.size;
        c.add();
        if (c.size == before) {
            return 1; // TARGET: never
        }
        return 0;
    }
}
