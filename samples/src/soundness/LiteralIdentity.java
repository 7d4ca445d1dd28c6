package soundness;

// CATEGORY: strings

/**
 * String literals are interned: a caller passing the literal "true" passes
 * the very object the method compares with, as commons-lang3's
 * BooleanUtils.toBooleanObject does. Reachable: s = "true" (the literal).
 */
public class LiteralIdentity {
    public static int run(String s) {
        if (s == "true") {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
