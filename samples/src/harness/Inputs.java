package harness;

/**
 * Inputs that only a harness building states without constructors can give:
 * private final fields, a field hiding an inherited one of the same name,
 * arrays of primitives and of objects, strings, a static field, aliasing and
 * cycles. Used by tests/replay_tests.rs with hand-built states.
 */
public class Inputs extends InputsBase {
    static int bonus;

    private final char[] word;
    private final String label;
    private int hidden;
    Object[] slots;
    Inputs next;

    private Inputs() {
        throw new IllegalStateException("replay must not run constructors");
    }

    /** Occurrences of {@code c} in {@code word}, plus {@code bonus}. */
    public int count(char c) {
        int n = bonus;
        for (int i = 0; i < word.length; i++) {
            if (word[i] == c) {
                n++;
            }
        }
        return n;
    }

    public int labelLength() {
        return label.length();
    }

    /** Whether the first two slots hold the same object. */
    public boolean aliased() {
        return slots[0] == slots[1];
    }

    /** Whether following {@code next} twice comes back here. */
    public boolean cycle2() {
        return next != null && next.next == this;
    }

    /** This class's {@code hidden} minus the one of {@link InputsBase}. */
    public int hiddenDifference() {
        return hidden - baseHidden();
    }

    public static long sum(long[] xs, byte[] bs) {
        long s = 0;
        for (long x : xs) {
            s += x;
        }
        for (byte b : bs) {
            s += b;
        }
        return s;
    }

    public static void fill(int[] xs, int v) {
        for (int i = 0; i < xs.length; i++) {
            xs[i] = v;
        }
    }

    public static double half(double d) {
        return d / 2;
    }

    public static Object echo(Object o) {
        return o;
    }

    public static int divide(int a, int b) {
        return a / b;
    }
}
