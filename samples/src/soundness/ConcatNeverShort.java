package soundness;

// CATEGORY: strings

/** Unreachable: "id-" + n has at least four characters. */
public class ConcatNeverShort {
    public static int run(int n) {
        String s = "id-" + n;
        if (s.length() < 4) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
