package callees;

/**
 * A public method and the private helper it calls: the tests of
 * {@code sum} cover {@code digit} as well, so {@code digit} needs no test of
 * its own (which would have to call it through reflection).
 */
public class Digits {
    /**
     * The sum of the decimal digits of {@code s}.
     *
     * @param s a string
     * @return the sum, or -1 when {@code s} holds anything but digits
     */
    public static int sum(String s) {
        int total = 0;
        for (int i = 0; i < s.length(); i++) {
            int d = digit(s.charAt(i));
            if (d < 0) {
                return -1;
            }
            total += d;
        }
        return total;
    }

    private static int digit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return -1;
    }
}
