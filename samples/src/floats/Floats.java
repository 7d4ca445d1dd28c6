package floats;

/**
 * Acceptance cases for floating point (issue 16 item 1): each method has one
 * target, the {@code return 1} marked {@code TARGET}, whose reachability
 * depends on IEEE-754 and Java's rules (JLS 4.2.3, 5.1.2, 5.1.3, 15.17.3,
 * 15.20.1); tests/float_tests.rs aims at each.
 */
public class Floats {
    /** Reachable only when {@code x} is NaN. */
    public static int selfUnequal(double x) {
        if (x != x) {
            return 1; // TARGET: selfUnequal
        }
        return 0;
    }

    /** Reachable for every {@code d >= 2^31 - 1} and for +infinity (saturating d2i). */
    public static int saturates(double d) {
        if ((int) d == Integer.MAX_VALUE) {
            return 1; // TARGET: saturates
        }
        return 0;
    }

    /** Unreachable: 0.1 + 0.2 rounds to 0.30000000000000004. */
    public static int pointThree() {
        double a = 0.1;
        double b = 0.2;
        if (a + b == 0.3) {
            return 1; // TARGET: pointThree
        }
        return 0;
    }

    /** A chain of double comparisons: reachable for 0 < x < y < 1 (e.g. 0.25, 0.5). */
    public static int chain(double x, double y) {
        if (x > 0.0 && x < y && y < 1.0) {
            return 1; // TARGET: chain
        }
        return 0;
    }

    /** Java's truncating remainder (not IEEE remainder): -5.5 % 2.0 == -1.5. */
    public static int remainder(double x) {
        if (x % 2.0 == -1.5) {
            return 1; // TARGET: remainder
        }
        return 0;
    }

    /** NaN converts to 0 (JLS 5.1.3): reachable by NaN and by any |f| < 1. */
    public static int nanToZero(float f) {
        if ((long) f == 0L && f != 0.0f) {
            return 1; // TARGET: nanToZero
        }
        return 0;
    }

    /** A float field of an input object decides the branch. */
    public static int field(Box b) {
        if (b.weight * 2.0f > 3.0f) {
            return 1; // TARGET: field
        }
        return 0;
    }

    /** Math.min's -0.0 rule: min(0.0, -0.0) is -0.0, so 1/min is -infinity. */
    public static int negativeZero(double x) {
        if (1.0 / Math.min(0.0, x) == Double.NEGATIVE_INFINITY) {
            return 1; // TARGET: negativeZero
        }
        return 0;
    }

    /** Math.sqrt is IEEE's square root: reachable by 9.0 (and nothing else). */
    public static int root(double x) {
        if (Math.sqrt(x) == 3.0) {
            return 1; // TARGET: root
        }
        return 0;
    }

    /** Math.floor rounds toward negative infinity: reachable by 2 < x < 3. */
    public static int floor(double x) {
        if (Math.floor(x) == 2.0 && x != 2.0) {
            return 1; // TARGET: floor
        }
        return 0;
    }

    /** Only -0.0 has these bits (doubleToLongBits keeps the sign of zero). */
    public static int bits(double x) {
        if (Double.doubleToLongBits(x) == 0x8000000000000000L) {
            return 1; // TARGET: bits
        }
        return 0;
    }

    /** i2f rounds: 16777217 is the least positive int a float cannot hold. */
    public static int intToFloat(int n) {
        if (n > 0 && (int) (float) n != n) {
            return 1; // TARGET: intToFloat
        }
        return 0;
    }

    /** d2f overflows to infinity past Float.MAX_VALUE (e.g. 1e39). */
    public static int narrows(double d) {
        if ((float) d == Float.POSITIVE_INFINITY && d != Double.POSITIVE_INFINITY) {
            return 1; // TARGET: narrows
        }
        return 0;
    }

    /** Unreachable: f2d is exact, and no float is the double 0.1. */
    public static int widened(float f) {
        if ((double) f == 0.1) {
            return 1; // TARGET: widened
        }
        return 0;
    }

    /** An element of a double array decides (NumberUtils.min's shape). */
    public static int nanInArray(double[] a) {
        if (a.length == 2 && Double.isNaN(a[1])) {
            a[0] = 1.5;
            return 1; // TARGET: nanInArray
        }
        return 0;
    }

    /** A float field holder. */
    public static final class Box {
        public float weight;
    }
}
