package soundness;

// CATEGORY: dispatch

/** Reachable: s a Circle, whose kind() is 2. */
public class VirtualDispatch {
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
        if (s.kind() == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
