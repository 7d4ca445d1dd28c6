package checks;

/**
 * Methods whose Java {@code assert}s have effects: a build's JUnit run has
 * {@code -ea}, and so has jaut's replay by default; with
 * {@code --no-assertions} the replay runs them with assertions off, the two
 * see different outcomes, and the suite check must take out what fails.
 */
public class Asserting {
    int count;

    /**
     * With {@code -ea} the assert's side effect bumps {@code count}: the
     * assertion on {@code count} fails while the return value stands.
     *
     * @param x one less than the new count
     * @return twice {@code x}
     */
    public int record(int x) {
        count = x + 1;
        assert bump();
        return x * 2;
    }

    private boolean bump() {
        count++;
        return true;
    }

    /**
     * With {@code -ea} a negative {@code x} fails the assert: the test of
     * that path fails on the call itself.
     *
     * @param x any int
     * @return half of {@code x}, or -1 for a negative one
     */
    public static int half(int x) {
        if (x < 0) {
            assert false : "negative";
            return -1;
        }
        return x / 2;
    }
}
