package soundness;

// CATEGORY: loops

/**
 * Unreachable: the loop runs while i != 0 and takes i down by one, so it
 * can only end with i == 0; j counts the iterations and k is never
 * touched by the loop.
 */
public class CountDownNever {
    public static int run(int i, int k) {
        int j = 0;
        while (i != 0) {
            i--;
            j += k;
        }
        if (i == 5) {
            return 1; // TARGET EXPECT: unreachable
        }
        return j;
    }
}
