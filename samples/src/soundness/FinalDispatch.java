package soundness;

// CATEGORY: dispatch

/**
 * Unreachable: Square is final, so s.kind() on a Square runs Square.kind,
 * which returns 4.
 */
public class FinalDispatch {
    abstract static class Shape {
        abstract int kind();
    }

    static final class Circle extends Shape {
        @Override
        int kind() {
            return 2;
        }
    }

    static final class Square extends Shape {
        @Override
        int kind() {
            return 4;
        }
    }

    public static int run(Shape s) {
        if (s instanceof Square && s.kind() == 2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
