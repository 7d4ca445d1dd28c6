package soundness;

// CATEGORY: integers

/** Reachable: x = 127, and (byte) 128 is -128. */
public class ByteWrap {
    public static int run(int x) {
        byte b = (byte) (x + 1);
        if (x > 0 && b == -128) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
