package core;

/**
 * Small acceptance cases for the solver: one method per case. The statement to
 * reach is marked "// target"; it returns 1 unless stated otherwise, and every
 * other exit of the method returns a different value.
 */
public class Targets {

    /** Read by {@link #staticGuard}. */
    public static int mode;

    // ------------------------------------------------------------ infeasible

    /** Unreachable: no int is both positive and negative. */
    public static int contradiction(int x) {
        if (x > 0 && x < 0)
            return 1;                           // target (infeasible)
        return 0;
    }

    // -------------------------------------------------------- heap shapes

    /** Needs p.next == p: a one-cell cycle. */
    public static int selfLoop(Cell p) {
        if (p.next == p)
            return 1;                           // target
        return 0;
    }

    /** Needs a two-cell cycle p -> q -> p with q != p. */
    public static int twoCycle(Cell p) {
        if (p.next.next == p && p != p.next)
            return 1;                           // target
        return 0;
    }

    // ------------------------------------------------- machine arithmetic

    /** Needs 32-bit wrap-around: b > 0 and a + b < a. */
    public static int overflow(int a, int b) {
        if (b > 0 && a + b < a)
            return 1;                           // target
        return 0;
    }

    /** Non-linear: x * x == 144 with x < 0 (x = -12, or wrapped: x = +/-12 mod 2^29). */
    public static int square(int x) {
        if (x * x == 144 && x < 0)
            return 1;                           // target
        return 0;
    }

    /** 64-bit wrap-around: b > 0 and a + b < a. */
    public static int overflowLong(long a, long b) {
        if (b > 0 && a + b < a)
            return 1;                           // target
        return 0;
    }

    /** Non-linear, 64-bit: x * x == 144 with x < 0. */
    public static int squareLong(long x) {
        if (x * x == 144 && x < 0)
            return 1;                           // target
        return 0;
    }

    // ------------------------------------------------------------ types

    /** Needs s to be a Square (instanceof). */
    public static int isSquare(Shape s) {
        if (s instanceof Square)
            return 1;                           // target
        return 0;
    }

    /**
     * Needs o to be a Square: otherwise checkcast throws ClassCastException,
     * or (o == null) the getfield throws NullPointerException.
     * The target returns q.sides, not 1.
     */
    public static int castSquare(Object o) {
        Square q = (Square) o;
        return q.sides;                         // target
    }

    // ------------------------------------------------------------ statics

    /** Needs the static field mode == 7 in the input state. */
    public static int staticGuard() {
        if (mode == 7)
            return 1;                           // target
        return 0;
    }

    // --------------------------------------------- JVM-specific semantics

    /**
     * Shift counts are masked (x << 33 is x << 1): needs x = 0x80000004
     * (-2147483644).
     */
    public static int shifts(int x) {
        if ((x << 33) == 8 && (x >>> 31) == 1)
            return 1;                           // target
        return 0;
    }

    /** Integer.MIN_VALUE / -1 overflows to MIN_VALUE: needs x = MIN_VALUE, y = -1. */
    public static int division(int x, int y) {
        if (x / y == -2147483648 && y == -1)
            return 1;                           // target
        return 0;
    }

    /** i2b / i2c: needs the low 16 bits all set and x > 0 (e.g. x = 65535). */
    public static int narrowing(int x) {
        if ((byte) x == -1 && (char) x == 65535 && x > 0)
            return 1;                           // target
        return 0;
    }

    /** Dense cases: compiled to a tableswitch. Target: k == 4. */
    public static int switches(int k) {
        switch (k) {
            case 1:
                return 11;
            case 2:
                return 12;
            case 3:
                return 13;
            case 4:
                return 1;                       // target
            case 5:
                return 15;
            default:
                return 0;
        }
    }

    /** Sparse cases: compiled to a lookupswitch. Target: k == 100000. */
    public static int sparse(int k) {
        switch (k) {
            case 10:
                return 10;
            case 1000:
                return 1000;
            case 100000:
                return 1;                       // target
            default:
                return 0;
        }
    }

    // ------------------------------------------------------ calls and new

    private static int twice(int x) {
        return x + x;
    }

    /** A helper with a branch of its own: |x|, plus one when x >= 0. */
    private static int callee(int x) {
        if (x < 0)
            return -x;
        return x + 1;
    }

    /** Through a static call: needs twice(x) == 84, i.e. x = 42. */
    public static int viaCall(int x) {
        if (twice(x) == 84)
            return 1;                           // target
        return 0;
    }

    /** Through a call whose result depends on a branch in the callee: x = -5. */
    public static int viaCallee(int x) {
        if (callee(x) == 5 && x < 0)
            return 1;                           // target
        return 0;
    }

    /** Through an object allocated by the method itself: x = 9. */
    public static int viaNew(int x) {
        Cell c = new Cell();
        c.value = x;
        if (c.value == 9)
            return 1;                           // target
        return 0;
    }

    /** Writes mode, which makes it an input of {@link #staticGuard} (docs/statics.md). */
    public static void setMode(int m) {
        mode = m;
    }
}
