package verify;

import java.util.Random;

/**
 * The nondeterministic inputs of the verification programs in this package,
 * in the style of SV-COMP's {@code org.sosy_lab.sv_benchmarks.Verifier}: not
 * a program itself (it has no {@code main}).
 *
 * <p>The contracts in samples/contracts/verify.toml say each
 * {@code nondet*} method returns any value of its type ({@link #nondetString}
 * any string but null), as a call to the environment: jaut takes each call's
 * result as an input, records it in the state, and the replay makes the call
 * return it. A plain run draws the values from a random generator.
 */
public final class Verifier {
    private static final Random RANDOM = new Random();

    private Verifier() {
    }

    /** Any int. */
    public static int nondetInt() {
        return RANDOM.nextInt();
    }

    /** Any long. */
    public static long nondetLong() {
        return RANDOM.nextLong();
    }

    /** Any double, NaN and the infinities included. */
    public static double nondetDouble() {
        return Double.longBitsToDouble(RANDOM.nextLong());
    }

    /** Any char. */
    public static char nondetChar() {
        return (char) RANDOM.nextInt(Character.MAX_VALUE + 1);
    }

    /** Any boolean. */
    public static boolean nondetBoolean() {
        return RANDOM.nextBoolean();
    }

    /** Any string, not null. */
    public static String nondetString() {
        char[] chars = new char[RANDOM.nextInt(48)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (' ' + RANDOM.nextInt(95));
        }
        return new String(chars);
    }

    /**
     * Ends a run that does not meet {@code condition}: what follows is only
     * checked on the runs that do. The run ends with an
     * {@link IllegalStateException}, never an {@link AssertionError}.
     *
     * @param condition what the rest of the program may rely on
     */
    public static void assume(boolean condition) {
        if (!condition) {
            throw new IllegalStateException("assumption not met");
        }
    }
}
