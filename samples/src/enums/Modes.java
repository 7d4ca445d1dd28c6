package enums;

import java.math.RoundingMode;

/**
 * Enum inputs: an enum-typed argument or field is one of the enum's
 * constants or null, never an object made without its constructor, and a
 * switch over an enum reads the switch map javac's class initializer fills
 * (src/enums.rs).
 */
public class Modes {
    /** Three constants. */
    public enum Color {
        RED,
        GREEN,
        BLUE;

        /** An instance method of an enum: its receiver is a constant. */
        public int warmth(int bias) {
            if (this == RED) {
                return 2 + bias;
            }
            return bias;
        }
    }

    /** Constants with bodies: their objects are of anonymous subclasses. */
    public enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            @Override
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    /** An object with an enum field. */
    public static final class Pen {
        Color color;
        int width;
    }

    public static int describe(Color c) {
        switch (c) {
            case RED:
                return 1; // TARGET: red
            case GREEN:
                return 2; // TARGET: green
            default:
                return 3; // TARGET: other
        }
    }

    /** No constant of Color has an ordinal above 2. */
    public static int ordinalTooBig(Color c) {
        if (c != null && c.ordinal() > 2) {
            return 1; // TARGET: never
        }
        return 0;
    }

    public static int penIsBlue(Pen p) {
        if (p.color == Color.BLUE && p.width > 2) {
            return 1; // TARGET: blue
        }
        return 0;
    }

    public static int apply(Op op, int a) {
        if (op.apply(a, 3) == 12) {
            return 1; // TARGET: applied
        }
        return 0;
    }

    /** A JDK enum, switched on. */
    public static int rounding(RoundingMode m) {
        switch (m) {
            case CEILING:
                return 1; // TARGET: ceiling
            case FLOOR:
                return 2; // TARGET: floor
            default:
                return 0;
        }
    }
}
