package solverstate;

import java.util.Collection;

/**
 * Two searches in a row on one thread must not share what the solver
 * declared for the first: {@code twoArrays} declares two type-test
 * predicates of the same name (an {@code Object[]} test on each input),
 * {@code arrayAfterCollection} two of different names, an input that is no
 * {@code Collection} but an {@code Object[]}. The second's target is
 * reachable ({@code new Object[] {1}}).
 */
public class TypeTests {
    public static int twoArrays(Object a, Object b) {
        if (a instanceof Object[] && b instanceof Object[]) {
            return 1;
        }
        return 0;
    }

    public static int arrayAfterCollection(Object o) {
        if (o instanceof Collection) {
            return 2;
        }
        if (o instanceof Object[]) {
            return ((Object[]) o).length; // target
        }
        return 0;
    }
}
