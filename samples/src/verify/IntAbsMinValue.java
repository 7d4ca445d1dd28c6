package verify;

/**
 * The assert can fail. Math.abs(Integer.MIN_VALUE) is Integer.MIN_VALUE,
 * negative.
 */
// CATEGORY: integers
// EXPECT: unsafe
public class IntAbsMinValue {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        assert Math.abs(x) >= 0;
    }
}
