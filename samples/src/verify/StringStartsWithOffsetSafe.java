package verify;

/**
 * The assert cannot fail. "ab" at index 4 needs six characters or more
 * and puts 'b' at index 5; a negative index never matches.
 */
// CATEGORY: strings
// EXPECT: safe
public class StringStartsWithOffsetSafe {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.startsWith("ab", 4)) {
            assert s.length() >= 6 && s.charAt(5) == 'b';
        }
        assert !s.startsWith("", -1);
    }
}
