package cfgcases;

import java.util.function.IntUnaryOperator;

/**
 * A class with a static nested class (Nested$Tally) and an anonymous class
 * (Nested$1), for selecting classes with `jaut cover --class`.
 */
public class Nested {
    /** A static nested class, found as Nested$Tally or by its simple name Tally. */
    public static class Tally {
        private int count;

        public int add(int n) {
            if (n > 0) {
                count += n;
            }
            return count;
        }
    }

    /** An anonymous class: cfgcases.Nested$1. */
    public static IntUnaryOperator clamp(int max) {
        return new IntUnaryOperator() {
            @Override
            public int applyAsInt(int x) {
                return x > max ? max : x;
            }
        };
    }

    public static int sign(int x) {
        if (x < 0) {
            return -1;
        }
        return x == 0 ? 0 : 1;
    }
}
