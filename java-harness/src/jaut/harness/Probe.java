package jaut.harness;

/**
 * The one class instrumented code calls: {@code Probe.hit(i)} runs before the
 * i-th instrumented instruction (after it, for {@code new}): the method under
 * test's come first, then the other methods of its class (see
 * {@link Instrumenter}); and
 * {@code environmentInt/Long/Float/Double/String} after each call that
 * returns a primitive or a {@code String}, to give the value the state
 * recorded for that call, if any.
 *
 * <p>It lives in the harness's own class loader, which every replay loader
 * delegates this one name to, so the trace survives the replay loader. Replays
 * run one at a time, so a plain array suffices; the harness thread reads it
 * only after joining the replay thread (Thread.join orders the writes).
 */
public final class Probe {
    /**
     * The most instructions of the method under test one replay runs
     * before it is stopped with {@link Runaway}: far more than any unit
     * test needs (a loop of a million iterations is 9 million), and about
     * 50 ms of instrumented code.
     */
    static final long STEPS = 20_000_000L;

    /** Instructions the current replay may still run. */
    private static long stepsLeft = STEPS;
    private static boolean[] trace = new boolean[0];
    /** Which instruction indexes are conditional branches or switches. */
    private static boolean[] branches = new boolean[0];
    /**
     * Per branch index, the index that followed it when its outcome was
     * last recorded: a loop's branch mostly repeats its outcome, which is
     * then not looked up again.
     */
    private static int[] lastOutcome = new int[0];
    /** The index hit last, or -1. */
    private static int last = -1;
    /** The method under test's instructions: the indexes below this. */
    private static int own = 0;
    /** The method under test's index hit last, or -1. */
    private static int lastOwn = -1;
    /** Whether a handler of another instrumented method was entered. */
    private static boolean otherHandler = false;
    /**
     * The outcomes taken since the last {@link #reset}: {@code from * n + to}
     * for a branch or switch at index {@code from} followed by the
     * instruction at index {@code to}, where n is the instruction count.
     */
    private static java.util.Set<Long> edges = new java.util.HashSet<>();
    /** Which instruction indexes start exception handlers. */
    private static boolean[] handlers = new boolean[0];
    /** The indexes hit last before a handler was entered: where exceptions arose. */
    private static java.util.BitSet raised = new java.util.BitSet();
    /**
     * Per instruction index of a call, the values it returns, in order, as
     * the state's JSON has them: a number for an integer type, a number or
     * {@code "NaN"}/{@code "Infinity"}/{@code "-Infinity"} for a float, a
     * string, {@code {"utf16": [...]}} or null for a {@code String}.
     */
    private static java.util.Map<Integer, java.util.LinkedList<Object>> environment =
            new java.util.HashMap<>();

    private Probe() {}

    /**
     * The values the calls to the environment at these instruction indexes
     * return, in the order the calls run (an empty map: every call returns
     * what it computes).
     */
    static void environment(java.util.Map<Integer, java.util.LinkedList<Object>> values) {
        environment = values;
    }

    /** The next value the state gives the call at {@code index}, else {@code none}. */
    private static Object next(int index, Object none) {
        java.util.LinkedList<Object> values = environment.get(index);
        return values == null || values.isEmpty() ? none : values.poll();
    }

    /**
     * Runs after every call of the method under test that returns an int
     * (or a narrower type): the state's value for the call at {@code index},
     * if it has one left, else what the call returned.
     */
    public static int environmentInt(int returned, int index) {
        return (int) environmentLong(returned, index);
    }

    /** As {@link #environmentInt}, for a call that returns a long. */
    public static long environmentLong(long returned, int index) {
        Object v = next(index, null);
        return v instanceof Number ? ((Number) v).longValue() : returned;
    }

    /** As {@link #environmentInt}, for a call that returns a double. */
    public static double environmentDouble(double returned, int index) {
        Object v = next(index, null);
        if (v instanceof Number) {
            return ((Number) v).doubleValue();
        }
        // Non-finite values travel as strings (JSON has no NaN).
        return v instanceof String ? Double.parseDouble((String) v) : returned;
    }

    /** As {@link #environmentInt}, for a call that returns a float. */
    public static float environmentFloat(float returned, int index) {
        return (float) environmentDouble(returned, index);
    }

    /** As {@link #environmentInt}, for a call that returns a {@code String}. */
    @SuppressWarnings("unchecked")
    public static String environmentString(String returned, int index) {
        Object none = new Object();
        Object v = next(index, none);
        if (v == none) {
            return returned;
        }
        if (v instanceof java.util.Map) {
            // A string with an unpaired surrogate, by its UTF-16 units.
            java.util.List<Object> units =
                    (java.util.List<Object>) ((java.util.Map<String, Object>) v).get("utf16");
            char[] chars = new char[units.size()];
            for (int k = 0; k < chars.length; k++) {
                chars[k] = (char) ((Number) units.get(k)).longValue();
            }
            return new String(chars);
        }
        return v == null ? null : new String((String) v);
    }

    /**
     * The next {@code count} values the state gives the call at
     * {@code index}, as longs (the fields of an object the environment
     * makes), else {@code null}.
     */
    private static long[] parts(int index, int count) {
        long[] out = new long[count];
        for (int k = 0; k < count; k++) {
            Object v = next(index, null);
            if (!(v instanceof Number)) {
                return null;
            }
            out[k] = ((Number) v).longValue();
        }
        return out;
    }

    /** After {@code Instant.now()}: the instant of the state's epoch second and nano. */
    public static java.time.Instant environmentInstant(java.time.Instant returned, int index) {
        long[] p = parts(index, 2);
        return p == null ? returned : java.time.Instant.ofEpochSecond(p[0], p[1]);
    }

    /** After {@code LocalDate.now()}: the state's year, month and day. */
    public static java.time.LocalDate environmentLocalDate(java.time.LocalDate returned, int index) {
        long[] p = parts(index, 3);
        return p == null ? returned : java.time.LocalDate.of((int) p[0], (int) p[1], (int) p[2]);
    }

    /** After {@code UUID.randomUUID()}: the state's high and low words. */
    public static java.util.UUID environmentUuid(java.util.UUID returned, int index) {
        long[] p = parts(index, 2);
        return p == null ? returned : new java.util.UUID(p[0], p[1]);
    }

    /**
     * Starts a trace over {@code instructions} instructions, of which the
     * method under test's are the first {@code ownInstructions}, whose
     * conditional branches and switches are at the indexes {@code jumps}.
     */
    static void reset(int instructions, int ownInstructions, java.util.BitSet jumps,
            java.util.BitSet handlerStarts) {
        trace = new boolean[instructions];
        own = ownInstructions;
        lastOwn = -1;
        otherHandler = false;
        branches = bits(jumps, instructions);
        handlers = bits(handlerStarts, instructions);
        lastOutcome = new int[instructions];
        java.util.Arrays.fill(lastOutcome, -1);
        last = -1;
        edges = new java.util.HashSet<>();
        raised = new java.util.BitSet();
        stepsLeft = STEPS;
    }

    /** The set bits of {@code set}, below {@code n}, as an array (read on every hit). */
    private static boolean[] bits(java.util.BitSet set, int n) {
        boolean[] out = new boolean[n];
        for (int k = set.nextSetBit(0); k >= 0 && k < n; k = set.nextSetBit(k + 1)) {
            out[k] = true;
        }
        return out;
    }

    /** Whether the current replay was stopped by its step budget. */
    static boolean ranAway() {
        return stepsLeft < 0;
    }

    /**
     * The indexes of the instructions that ran last before an exception
     * handler of the method was entered (javac's code enters a handler only
     * through an exception): where caught exceptions arose, or the calls
     * they came out of.
     */
    static java.util.BitSet raised() {
        return (java.util.BitSet) raised.clone();
    }

    /**
     * The branch outcomes seen since the last {@link #reset}, as pairs of
     * instruction indexes {@code {from, to}}. A branch instruction is always
     * followed by its own method's next instruction (it neither calls nor
     * throws), so consecutive hits are exactly the edges taken.
     */
    static java.util.List<int[]> edges() {
        int n = trace.length;
        java.util.List<int[]> out = new java.util.ArrayList<>();
        for (long e : edges) {
            out.add(new int[] {(int) (e / n), (int) (e % n)});
        }
        out.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        return out;
    }

    /** The index of the method under test's instruction hit last, or -1. */
    static int lastHit() {
        return lastOwn;
    }

    /**
     * Whether a handler of another instrumented method was entered: an
     * exception arose in it, and what ran before may lack JaCoCo's credit.
     */
    static boolean otherHandlerEntered() {
        return otherHandler;
    }

    /** The instruction indexes seen since the last {@link #reset}. */
    static boolean[] trace() {
        return trace;
    }

    public static void hit(int index) {
        if (--stepsLeft < 0) {
            stepsLeft = -1;
            throw new Runaway();
        }
        boolean[] t = trace;
        if (index >= 0 && index < t.length) {
            t[index] = true;
            if (last >= 0 && branches[last] && lastOutcome[last] != index) {
                lastOutcome[last] = index;
                edges.add((long) last * t.length + index);
            }
            if (last >= 0 && handlers[index]) {
                if (index < own) {
                    raised.set(lastOwn);
                } else {
                    otherHandler = true;
                }
            }
            last = index;
            if (index < own) {
                lastOwn = index;
            }
        }
    }
}
