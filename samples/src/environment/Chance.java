package environment;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Randomness and time made inside the method under test. The unseeded
 * generators and the clocks are the environment: jaut records what each
 * call must return and the replay makes it return that. A generator made
 * with a seed is deterministic: jaut computes what it draws, so the seed is
 * an ordinary input.
 */
public class Chance {
    /** Needs a fresh generator to draw 7 out of 10. */
    public static int fresh() {
        Random r = new Random();
        if (r.nextInt(10) == 7) {
            return 1; // TARGET: fresh
        }
        return 0;
    }

    /** Needs the thread's generator to roll a six. */
    public static int threadLocal() {
        if (ThreadLocalRandom.current().nextInt(1, 7) == 6) {
            return 1; // TARGET: threadLocal
        }
        return 0;
    }

    /** Needs Math.random() in the top percent. */
    public static int rare() {
        if (Math.random() > 0.99) {
            return 1; // TARGET: rare
        }
        return 0;
    }

    /** Needs a random UUID whose low bits are odd. */
    public static int uuid() {
        if ((UUID.randomUUID().getLeastSignificantBits() & 1) == 1) {
            return 1; // TARGET: uuid
        }
        return 0;
    }

    /** Needs the wall clock past the year 2100 (4102444800000 ms). */
    public static int future() {
        if (System.currentTimeMillis() > 4102444800000L) {
            return 1; // TARGET: future
        }
        return 0;
    }

    /** Needs an instant before 1970. */
    public static int past() {
        if (Instant.now().getEpochSecond() < 0) {
            return 1; // TARGET: past
        }
        return 0;
    }

    /** Needs today to be a leap day. */
    public static int leap() {
        LocalDate today = LocalDate.now();
        if (today.getMonthValue() == 2 && today.getDayOfMonth() == 29) {
            return 1; // TARGET: leap
        }
        return 0;
    }

    /** Needs a seed whose first draw below 100 is 42: deterministic. */
    public static int seeded(long seed) {
        Random r = new Random(seed);
        if (r.nextInt(100) == 42) {
            return 1; // TARGET: seeded
        }
        return 0;
    }

    /** Needs a seed whose first two draws are a power-of-two bound's 3 and then true. */
    public static int sequence(long seed) {
        Random r = new Random(seed);
        int a = r.nextInt(16);
        boolean b = r.nextBoolean();
        if (a == 3 && b) {
            return 1; // TARGET: sequence
        }
        return 0;
    }

    /** Needs a seed whose first int and long draws are both negative, and a double over one half. */
    public static int mixed(long seed) {
        Random r = new Random(seed);
        if (r.nextInt() < 0 && r.nextLong() < 0 && r.nextDouble() > 0.5) {
            return 1; // TARGET: mixed
        }
        return 0;
    }
}
