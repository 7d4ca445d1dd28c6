package demo;

import util.Clamp;

/** Letter grades from scores. */
public class Grades {
    private final int pass;

    /**
     * Grades with a pass mark.
     *
     * @param pass the least passing score
     */
    public Grades(int pass) {
        this.pass = pass;
    }

    /**
     * The letter of a score, clamped to 0..100 first.
     *
     * @param score any score
     * @return A, B, C or F
     */
    public static String letter(int score) {
        int s = Clamp.clamp(score, 0, 100);
        if (s >= 90) {
            return "A";
        }
        if (s >= 80) {
            return "B";
        }
        if (s >= 70) {
            return "C";
        }
        return "F";
    }

    /**
     * Whether a score passes.
     *
     * @param score any score
     * @return whether it reaches the pass mark
     */
    public boolean passes(int score) {
        return Clamp.clamp(score, 0, 100) >= pass;
    }
}
