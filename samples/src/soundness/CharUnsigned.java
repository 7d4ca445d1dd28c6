package soundness;

// CATEGORY: integers

/** Unreachable: a char is unsigned, 0 to 65535, whatever int it came from. */
public class CharUnsigned {
    public static int run(int x) {
        char c = (char) x;
        if (c < 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return c;
    }
}
