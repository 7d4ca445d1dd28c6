package verify;

/**
 * The assert can fail. An input holding "needle" at index 17 (23
 * characters or more) fails the assert.
 */
// CATEGORY: strings
// EXPECT: unsafe
public class StringRegionMatchesLong {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert !s.regionMatches(17, "needle", 0, 6);
    }
}
