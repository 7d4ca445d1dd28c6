package objects;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A filter whose class is anonymous: only {@link #without} makes one, and
 * it refuses null sets and keeps a predicate it makes itself (as
 * commons-collections4's {@code SetUtils.difference}). A state that only
 * passes the captured values on holds null there; the factory is called
 * with empty sets instead, and the predicate is the one it made.
 */
public final class Filters {
    private Filters() {
    }

    /** A test of one item. */
    public interface Test {
        boolean test(Object o);
    }

    /** Keeps some of the items. */
    public interface Filter {
        List<Object> keep(Object[] items);
    }

    /** The items in {@code a} but not in {@code b}. */
    public static Filter without(Set<?> a, Set<?> b) {
        if (a == null || b == null) {
            throw new NullPointerException("sets must not be null");
        }
        Test notInB = o -> !b.contains(o);
        return new Filter() {
            @Override
            public List<Object> keep(Object[] items) {
                return Filters.keep(a, items, notInB); // TARGET: keep
            }
        };
    }

    static List<Object> keep(Set<?> a, Object[] items, Test test) {
        List<Object> kept = new ArrayList<>();
        if (items == null) {
            return kept;
        }
        for (Object o : items) {
            if (a.contains(o) && test.test(o)) {
                kept.add(o);
            }
        }
        return kept;
    }
}
