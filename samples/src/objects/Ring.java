package objects;

/**
 * A bounded ring of strings, like commons-collections' {@code
 * CircularFifoQueue}: its start, end and elements only {@code add} (and
 * {@code remove}) set, so a ring the path needs is made by its constructor
 * and calls of {@code add}: {@code new Ring(3)}, {@code add("a")}, {@code
 * add("b")}.
 */
public final class Ring {
    private final String[] elements;
    private int start;
    private int end;
    private boolean full;

    /** An empty ring of {@code capacity} strings, at least one. */
    public Ring(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        elements = new String[capacity];
    }

    /** Adds {@code e} (not null), dropping the oldest when full. */
    public boolean add(String e) {
        if (e == null) {
            throw new NullPointerException("e");
        }
        if (full) {
            remove();
        }
        elements[end++] = e;
        if (end >= elements.length) {
            end = 0;
        }
        if (end == start) {
            full = true;
        }
        return true;
    }

    /** Removes and returns the oldest string, or null when empty. */
    public String remove() {
        if (size() == 0) {
            return null;
        }
        String e = elements[start];
        elements[start++] = null;
        if (start >= elements.length) {
            start = 0;
        }
        full = false;
        return e;
    }

    /** How many strings the ring holds. */
    public int size() {
        if (end > start) {
            return end - start;
        }
        if (end < start) {
            return elements.length - start + end;
        }
        return full ? elements.length : 0;
    }

    /** The oldest string, when the ring holds at least two. */
    public String oldestOfMany() {
        String oldest = elements[start];
        if (oldest == null || size() < 2) {
            return null;
        }
        return oldest; // TARGET: many
    }
}
