package mathx;

/**
 * Targets behind java.lang.Math: roots, powers, absolute values, floor
 * division and the exact arithmetic that throws on overflow. Each target
 * needs one int (or long) the solver must find through the Math call.
 */
public class Roots {
    /** Needs n == 81. */
    public static int square(int n) {
        if (Math.sqrt(n) == 9.0) {
            return 1; // TARGET: square
        }
        return 0;
    }

    /** Needs n == -27. */
    public static int cube(int n) {
        if (Math.cbrt(n) == -3.0) {
            return 1; // TARGET: cube
        }
        return 0;
    }

    /** Needs a right triangle with legs 3 and b, hypotenuse 5: b == 4 or -4. */
    public static int triangle(int b) {
        if (Math.hypot(3, b) == 5.0) {
            return 1; // TARGET: triangle
        }
        return 0;
    }

    /** Needs x * x * x == 343: x == 7. */
    public static int power(int x) {
        if (Math.pow(x, 3) == 343.0) {
            return 1; // TARGET: power
        }
        return 0;
    }

    /** Needs |n| == 5 with n negative. */
    public static int absolute(int n) {
        if (n < 0 && Math.abs(n) == 5) {
            return 1; // TARGET: absolute
        }
        return 0;
    }

    /** Needs a negative a whose floor division by 4 is -3 and floor remainder 1: a == -11. */
    public static int floors(int a) {
        if (Math.floorDiv(a, 4) == -3 && Math.floorMod(a, 4) == 1) {
            return 1; // TARGET: floors
        }
        return 0;
    }

    /** Needs a + b to overflow an int. */
    public static int overflow(int a, int b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            return 0; // TARGET: overflow
        }
    }

    /** Needs a * b == 391 without overflow, with 1 < a < b. */
    public static int product(int a, int b) {
        if (a > 1 && a < b && Math.multiplyExact(a, b) == 391) {
            return 1; // TARGET: product
        }
        return 0;
    }

    /** Needs a long that does not fit an int. */
    public static int narrow(long v) {
        try {
            return Math.toIntExact(v);
        } catch (ArithmeticException e) {
            return -1; // TARGET: narrow
        }
    }

    /** Needs Integer.MIN_VALUE, the one int whose negation overflows. */
    public static int negate(int n) {
        try {
            return Math.negateExact(n);
        } catch (ArithmeticException e) {
            return 0; // TARGET: negate
        }
    }

    /** Needs a - b == 10 with a below 100, b at least 50. */
    public static int clamp(int a, int b) {
        if (Math.subtractExact(Math.min(a, 99), Math.max(b, 50)) == 10) {
            return 1; // TARGET: clamp
        }
        return 0;
    }

    /** No int has 9.5 as its root (90.25 is not an int): unreachable. */
    public static int noRoot(int n) {
        if (Math.sqrt(n) == 9.5) {
            return 1; // TARGET: noRoot
        }
        return 0;
    }
}
