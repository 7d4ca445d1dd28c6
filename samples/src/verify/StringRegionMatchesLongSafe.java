package verify;

/**
 * The assert cannot fail. A region equal to "needle" at index 17 puts 'e'
 * at index 19 of a string of 23 characters or more.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringRegionMatchesLongSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.regionMatches(17, "needle", 0, 6)) {
            assert s.length() >= 23 && s.charAt(19) == 'e';
        }
    }
}
