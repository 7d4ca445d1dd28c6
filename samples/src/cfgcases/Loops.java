package cfgcases;

/** Nested loops with continue and a labelled break (several back edges). */
public class Loops {

    public static int nestedLoop(int n, int m) {
        int s = 0;
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                if (i == j)
                    continue;
                s += i * j;
                if (s > 1000)
                    break outer;
            }
        }
        return s;
    }

    /** A do-while loop (condition at the bottom) walking a list of boxes. */
    public static int length(Box b) {
        int n = 0;
        if (b == null)
            return 0;
        do {
            n++;
            b = b.next;
        } while (b != null);
        return n;
    }
}
