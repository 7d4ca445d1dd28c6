package jaut.harness;

/**
 * The one class instrumented code calls: {@code Probe.hit(i)} runs before the
 * i-th instruction of the method under test (after it, for {@code new}), and
 * {@code environmentInt/Long} after each call that returns an integer value,
 * to give the value the state recorded for that call, if any.
 *
 * <p>It lives in the harness's own class loader, which every replay loader
 * delegates this one name to, so the trace survives the replay loader. Replays
 * run one at a time, so a plain array suffices; the harness thread reads it
 * only after joining the replay thread (Thread.join orders the writes).
 */
public final class Probe {
    private static boolean[] trace = new boolean[0];
    /** Per instruction index of a call, the values it returns, in order. */
    private static java.util.Map<Integer, java.util.ArrayDeque<Long>> environment =
            new java.util.HashMap<>();

    private Probe() {}

    /**
     * The values the calls to the environment at these instruction indexes
     * return, in the order the calls run (an empty map: every call returns
     * what it computes).
     */
    static void environment(java.util.Map<Integer, java.util.ArrayDeque<Long>> values) {
        environment = values;
    }

    /**
     * Runs after every call of the method under test that returns an int
     * (or a narrower type): the state's value for the call at {@code index},
     * if it has one left, else what the call returned.
     */
    public static int environmentInt(int returned, int index) {
        java.util.ArrayDeque<Long> values = environment.get(index);
        return values == null || values.isEmpty() ? returned : (int) (long) values.poll();
    }

    /** As {@link #environmentInt}, for a call that returns a long. */
    public static long environmentLong(long returned, int index) {
        java.util.ArrayDeque<Long> values = environment.get(index);
        return values == null || values.isEmpty() ? returned : values.poll();
    }

    /** Starts a trace for a method of {@code instructions} instructions. */
    static void reset(int instructions) {
        trace = new boolean[instructions];
    }

    /** The instruction indexes seen since the last {@link #reset}. */
    static boolean[] trace() {
        return trace;
    }

    public static void hit(int index) {
        boolean[] t = trace;
        if (index >= 0 && index < t.length) {
            t[index] = true;
        }
    }
}
