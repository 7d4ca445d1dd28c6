package overloads;

/**
 * An overload taking {@code Object} beside one taking {@code byte[]}, as
 * commons-codec's {@code Hex.encode(Object)} and {@code encode(byte[])}: a
 * test of the first given a {@code byte[]} casts it to {@code Object}, or
 * javac would call the second (JLS 15.12.2.5).
 */
public final class Specific {
    private Specific() {
    }

    /** The number of bytes. */
    public static int size(byte[] bytes) {
        return bytes.length;
    }

    /** A byte array's length, negated and less one; 0 for anything else. */
    public static int size(Object o) {
        if (o instanceof byte[]) {
            return -((byte[]) o).length - 1;
        }
        return 0;
    }
}
