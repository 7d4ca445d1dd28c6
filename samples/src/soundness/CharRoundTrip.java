package soundness;

// CATEGORY: integers

/** Reachable: x = -1 becomes the char 0xFFFF, 65535 as an int. */
public class CharRoundTrip {
    public static int run(int x) {
        int back = (char) x;
        if (x < 0 && back == 65535) {
            return 1; // TARGET EXPECT: reachable
        }
        return back;
    }
}
