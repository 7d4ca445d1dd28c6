package verify;

/**
 * The assert can fail. Printing changes nothing the program reads: 1001
 * fails the assert.
 */
// CATEGORY: printing
// EXPECT: unsafe
public class PrintfOnPath {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        System.out.printf("%d%n", x);
        if (x > 1000) {
            assert x % 1000 != 1;
        }
    }
}
