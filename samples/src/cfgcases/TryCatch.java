package cfgcases;

/**
 * try/catch/finally: javac copies the finally block onto every exit (normal
 * end of the try, end of the catch handler) and adds a catch-any handler that
 * runs it and rethrows (athrow).
 */
public class TryCatch {
    public static int finallyCount;

    /** Returns b.value, or -1 when b is null (NullPointerException caught). */
    public static int tryCatchFinally(Box b) {
        int r;
        try {
            r = b.value;
        } catch (NullPointerException e) {
            r = -1;
        } finally {
            finallyCount++;
        }
        return r;
    }

    /** Nested try blocks; the inner handler rethrows when b.next is null. */
    public static int nestedTry(Box b) {
        try {
            try {
                return b.next.value;
            } catch (NullPointerException e) {
                if (b == null)
                    throw e;
                return -2;
            }
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
