package credit;

/**
 * A block every run of which ends in an exception a callee raises before
 * any probe after the block's first instruction: JaCoCo never credits it,
 * so jaut does not count it covered either (issue 33).
 */
public class Thrown {
    public static int alwaysThrows(int i) {
        if (i > 5) {
            i = boom(i); // TARGET: boom
        }
        return i;
    }

    static int boom(int i) {
        throw new IllegalStateException("boom " + i);
    }
}
