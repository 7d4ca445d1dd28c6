package constants;

/**
 * Constant variables (JLS §4.12.4) in an object: {@code PAD} is an instance
 * field, final, with a constant initializer, so javac gives it a
 * {@code ConstantValue} attribute and inlines every read of it (JLS §13.1)
 * — in this class and in a test alike. An object built without its
 * constructor holds 0 there; a test that asserted that 0 would compare it
 * with the inlined 61 and fail (tests/constants_tests.rs).
 */
public class Codec implements Cloneable {
    protected final byte PAD = '=';
    protected final String name = "codec";
    static final int LIMIT = 76;
    protected int lineLength;

    /** Counts the pad bytes of {@code data}. */
    public int padCount(byte[] data) {
        int n = 0;
        for (int i = 0; i < data.length; i++) {
            if (data[i] == PAD) {
                n++;
            }
        }
        return n;
    }

    /** Whether a line of {@code len} bytes is longer than the limit. */
    public boolean tooLong(int len) {
        return len > LIMIT + lineLength;
    }

    /** A copy with a longer line: every field of this object, copied. */
    public Codec wider() throws CloneNotSupportedException {
        Codec c = (Codec) clone();
        c.lineLength = lineLength + 1;
        return c;
    }

    /** The name with the pad. */
    public String padded() {
        return name + (char) PAD;
    }
}
