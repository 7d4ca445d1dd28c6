package jaut.harness;

/** The request cannot be replayed as given (a harness error, not an outcome). */
class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
        super(message);
    }
}
