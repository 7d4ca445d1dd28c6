package jaut.harness;

/**
 * The one class instrumented code calls: {@code Probe.hit(i)} runs before the
 * i-th instruction of the method under test (after it, for {@code new}).
 *
 * <p>It lives in the harness's own class loader, which every replay loader
 * delegates this one name to, so the trace survives the replay loader. Replays
 * run one at a time, so a plain array suffices; the harness thread reads it
 * only after joining the replay thread (Thread.join orders the writes).
 */
public final class Probe {
    private static boolean[] trace = new boolean[0];

    private Probe() {}

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
