package verify;

/**
 * The assert cannot fail. Printing changes nothing the program reads: an
 * int over 10 is over 5.
 */
// CATEGORY: printing
// EXPECT: safe
public class PrintOnPathSafe {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        System.out.println("x = " + x);
        if (x > 10) {
            assert x > 5;
        }
    }
}
