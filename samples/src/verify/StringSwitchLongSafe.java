package verify;

/**
 * The assert cannot fail. Only the 26-character label itself reaches its
 * case.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringSwitchLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        switch (s) {
            case "a-very-long-case-label-one":
                assert s.length() == 26 : s;
                break;
            case "short":
                break;
            default:
                break;
        }
    }
}
