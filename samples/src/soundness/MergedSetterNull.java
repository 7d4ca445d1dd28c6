package soundness;

// CATEGORY: calls

/** Unreachable: a guarded write to null changes no object's field. */
public class MergedSetterNull {
    static final class Node {
        int mark;
    }

    static void setMark(Node p, int m) {
        if (p != null) {
            p.mark = m;
        }
    }

    public static int run(Node a, int m) {
        int before = a.mark;
        setMark(null, m);
        if (a.mark != before) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
