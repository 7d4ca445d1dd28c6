package verify;

/**
 * The assert can fail. The input equal to the 26-character case label
 * (found through hashCode, then equals) fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringSwitchLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        switch (s) {
            case "a-very-long-case-label-one":
                assert false : s;
                break;
            case "short":
                break;
            default:
                break;
        }
    }
}
