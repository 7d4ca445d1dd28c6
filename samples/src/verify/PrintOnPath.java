package verify;

/**
 * The assert can fail. Printing changes nothing the program reads: 7 fails
 * the assert.
 */
// CATEGORY: printing
// EXPECT: unsafe
public class PrintOnPath {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        System.out.println("x = " + x);
        assert x != 7;
    }
}
