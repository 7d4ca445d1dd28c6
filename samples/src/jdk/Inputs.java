package jdk;

import java.util.ArrayList;

/** Targets behind calls into the JDK on inputs, and behind contracts. */
public class Inputs {

    /** java.util.ArrayList's own bytecode decides. */
    public static int sizeOver3(ArrayList<Integer> list) {
        if (list.size() > 3) {
            return 1; // target
        }
        return 0;
    }

    /** String intrinsics: length and charAt. */
    public static int xFive(String s) {
        if (s.length() == 5 && s.charAt(0) == 'x') {
            return 1; // target
        }
        return 0;
    }

    /** String.equals against a literal. */
    public static int greet(String s) {
        if (s.equals("hello")) {
            return 1; // target
        }
        return 0;
    }

    /** Math.abs by its built-in contract. */
    public static int absolute(int x) {
        if (Math.abs(x) == 7 && x < 0) {
            return 1; // target
        }
        return 0;
    }

    /** Boxing and unboxing. */
    public static int boxed(Integer n) {
        Integer m = Integer.valueOf(n.intValue() + 1);
        if (m.intValue() == 10) {
            return 1; // target
        }
        return 0;
    }

    /**
     * A loop-heavy helper that a user contract (samples/contracts/square.toml)
     * describes as `result == arg0 * arg0` for small non-negative arguments.
     */
    public static int slowSquare(int x) {
        int r = 0;
        for (int i = 0; i < x; i++) {
            for (int j = 0; j < x; j++) {
                r++;
            }
        }
        return r;
    }

    /** Needs x = 300: 90,000 iterations of slowSquare's nested loops (one summary, or the user's contract). */
    public static int square(int x) {
        if (x >= 0 && x < 1000 && slowSquare(x) == 90000) {
            return 1; // target
        }
        return 0;
    }

    /** A native call with a built-in contract: System.arraycopy. */
    public static int copy(int[] src) {
        int[] dst = new int[3];
        System.arraycopy(src, 0, dst, 1, 2);
        if (dst[2] == 8) {
            return 1; // target
        }
        return 0;
    }
}
