package environment;

import java.util.Random;

/**
 * Targets that depend on what the environment returns: a random generator
 * and the clock. jaut records the value each call must return (per call
 * site and occurrence) in the state, and the replay makes the calls return
 * exactly those values.
 */
public class Dice {
    static final Random RANDOM = new Random();

    /** Needs two sixes in a row. */
    public static int doubleSix() {
        int a = RANDOM.nextInt(6) + 1;
        int b = RANDOM.nextInt(6) + 1;
        if (a == 6 && b == 6) {
            return 1; // target
        }
        return 0;
    }

    /** Needs the clock to move by more than budget nanoseconds between two reads. */
    public static int slow(int budget) {
        long start = System.nanoTime();
        long end = System.nanoTime();
        if (budget > 1000 && end - start > budget) {
            return 1; // target
        }
        return 0;
    }

    /** Needs a coin that says true, then false. */
    public static int coins() {
        if (RANDOM.nextBoolean() && !RANDOM.nextBoolean()) {
            return 1; // target
        }
        return 0;
    }
}
