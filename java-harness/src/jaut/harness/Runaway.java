package jaut.harness;

/**
 * Thrown by {@link Probe#hit} once the method under test has run more
 * instructions than a replay allows ({@link Probe#STEPS}): the state makes
 * it loop for good, or nearly so, and a test written from it would hang.
 * It is an {@link Error} so that the method's own {@code catch (Exception)}
 * does not swallow it; {@link Probe} throws it again at every later
 * instruction, so a {@code catch (Throwable)} in a loop cannot either.
 */
final class Runaway extends Error {
    private static final long serialVersionUID = 1L;

    Runaway() {
        super("the method ran past the replay's step budget", null, false, false);
    }
}
