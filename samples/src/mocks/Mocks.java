package mocks;

import java.util.Comparator;
import java.util.Iterator;

/**
 * Inputs of interface types nothing on the class path implements: the
 * search takes them as mocks (src/classpath/mock.rs) whose calls answer
 * what the path needs.
 */
public class Mocks {
    /** A listener the program calls in a loop. */
    public interface Listener {
        boolean accept(int x);

        default boolean acceptTwice(int x) {
            return accept(x) && accept(x + 1);
        }
    }

    public static int inconsistent(Comparator<String> c, String a, String b) {
        if (c.compare(a, b) > 0 && c.compare(b, a) > 0) {
            return 1; // TARGET: inconsistent
        }
        return 0;
    }

    public static int count(Listener l, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (l.accept(i)) {
                k++;
            }
        }
        if (k == 2 && n == 3) {
            return 1; // TARGET: count
        }
        return 0;
    }

    public static int twice(Listener l) {
        if (l.acceptTwice(5)) {
            return 1; // TARGET: twice
        }
        return 0;
    }

    public static int sum(Iterator<Integer> it) {
        int s = 0;
        while (it.hasNext()) {
            s += it.next();
        }
        if (s == 7) {
            return 1; // TARGET: sum
        }
        return 0;
    }

    /** An abstract class: its concrete methods keep their code and fields. */
    public abstract static class Shape {
        protected int sides;

        public abstract int area();

        public int perimeter() {
            return sides * 2;
        }
    }

    public static int shaped(Shape s) {
        if (s.area() == 12 && s.perimeter() == 8) {
            return 1; // TARGET: shaped
        }
        return 0;
    }

    public static int readTwo(java.io.InputStream in) throws java.io.IOException {
        if (in.read() == 'a' && in.read() == -1) {
            return 1; // TARGET: read-two
        }
        return 0;
    }

    /** A mock that throws: reached with --mock-throws only. */
    public static int guarded(Listener l) {
        if (l == null) {
            return 0;
        }
        try {
            return l.accept(1) ? 1 : 0;
        } catch (IllegalStateException e) {
            return -2;
        } catch (RuntimeException e) {
            return -1; // TARGET: guarded
        }
    }
}
