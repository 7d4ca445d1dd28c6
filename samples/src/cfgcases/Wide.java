package cfgcases;

/**
 * Two-slot locals (long, double), their comparisons (lcmp, dcmpl/dcmpg) and
 * conversions, and conditional expressions whose value is on the operand
 * stack at the join point.
 */
public class Wide {

    public static int wideLocals(int i, long l, double d) {
        long sum = l + i;
        double half = d / 2.0;
        if (sum > 100L && half < 0.5)
            return (int) sum;
        if (half >= 1.0e9)
            return (int) half;
        return i;
    }

    /** A string method the model does not hold (no contract): unknown. */
    public int fields(String s) {
        if (s.split(",").length == 3) {
            return 1;
        }
        return 0;
    }

    /** Reference ternary: two reference types meet on the stack at a join. */
    public static Object ternaryRef(boolean flag) {
        Object o = flag ? (Object) "s" : (Object) Integer.valueOf(1);
        return o;
    }

    /** Int ternary evaluated with another value (x) already on the stack. */
    public static int ternaryInt(int x, boolean flag) {
        return x + (flag ? 10 : 20);
    }

    /** Long ternary (two-slot stack value at the join). */
    public static long ternaryLong(long a, long b) {
        return a > b ? a - b : b - a;
    }
}
