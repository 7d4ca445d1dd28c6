package soundness;

// CATEGORY: exceptions

/**
 * Unreachable: the cast throws ClassCastException unless s is null or a
 * Square, and neither is an instance of Circle.
 */
public class CastFails {
    abstract static class Shape {
    }

    static final class Circle extends Shape {
    }

    static final class Square extends Shape {
    }

    public static int run(Shape s) {
        Square q = (Square) s;
        if (s instanceof Circle) {
            return 1; // TARGET EXPECT: unreachable
        }
        return q == null ? 0 : 2;
    }
}
