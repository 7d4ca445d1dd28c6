package verify;

/**
 * The assert cannot fail. The low eight bits of an int are under 256,
 * printed or not.
 */
// CATEGORY: printing
// EXPECT: safe
public class PrintfOnPathSafe {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = x & 0xff;
        System.out.printf("%d%n", y);
        assert y < 256;
    }
}
