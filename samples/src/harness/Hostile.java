package harness;

import java.util.ArrayList;
import java.util.List;

/**
 * Code under test that attacks the JVM replaying it: each method does
 * something hostile once its argument passes a threshold, and the target of
 * each is the first instruction of the hostile part, which jaut reaches with a
 * small search. Replaying the state found must not take jaut down (issue 5,
 * isolation): see tests/replay_tests.rs for the target pcs.
 */
public class Hostile {
    /** Ends the JVM with status 3; target: the {@code iconst_3} before the call. */
    public static int exit(int n) {
        if (n > 5) {
            System.exit(3);
        }
        return n;
    }

    /** Loops forever; target: the {@code iinc} of the loop. */
    public static int spin(int n) {
        int i = 0;
        if (n > 5) {
            while (true) {
                i++;
            }
        }
        return i;
    }

    /**
     * Loops forever in a callee of another class, where the replay counts
     * no steps (only the class under test is instrumented); target: the
     * call.
     */
    public static int idle(int n) {
        if (n > 5) {
            Spinner.forever();
        }
        return n;
    }

    /**
     * Loops forever in a callee of its own class, whose steps the replay
     * counts; target: the call.
     */
    public static int idleHere(int n) {
        if (n > 5) {
            forever();
        }
        return n;
    }

    private static void forever() {
        while (true) {
            Thread.onSpinWait();
        }
    }

    /** Another class's endless loop. */
    static final class Spinner {
        private Spinner() {}

        static void forever() {
            while (true) {
                Thread.onSpinWait();
            }
        }
    }

    /** Recurses without end (a StackOverflowError); target: the recursive call's argument load. */
    public static int recurse(int n) {
        if (n > 3) {
            return recurse(n + 1) + 1;
        }
        return 0;
    }

    /** Allocates without end (an OutOfMemoryError); target: the {@code new ArrayList}. */
    public static int hog(int n) {
        if (n > 7) {
            List<long[]> all = new ArrayList<>();
            while (true) {
                all.add(new long[1 << 20]);
            }
        }
        return n;
    }

    /** Crashes the JVM (a write to address 0); target: the call to {@link Crasher#crash}. */
    public static int crash(int n) {
        if (n == 42) {
            Crasher.crash();
        }
        return n;
    }

    /** Harmless: replayed after the others to show the replayer still works. */
    public static int quiet(int n) {
        if (n > 2) {
            return n * 2;
        }
        return 0;
    }
}
