package objects;

import java.util.NavigableSet;
import java.util.Objects;

/**
 * A shelf of sorted titles and a capacity: its constructor refuses a null
 * set, which a path that never reads the titles leaves null.
 */
public final class Shelf {
    private final NavigableSet<String> titles;
    private final int capacity;

    public Shelf(NavigableSet<String> titles, int capacity) {
        this.titles = Objects.requireNonNull(titles, "titles");
        this.capacity = capacity;
    }

    /** Whether the shelf holds nothing at all. */
    public boolean isBoarded() {
        if (capacity == 0) {
            return true; // TARGET: boarded
        }
        return titles.size() >= capacity;
    }
}
