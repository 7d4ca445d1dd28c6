package objects;

/** An amount made only by its factory {@link #of}: the constructor is private. */
public final class Money {
    private final long cents;
    private final String currency;

    private Money(long cents, String currency) {
        this.cents = cents;
        this.currency = currency;
    }

    /** {@code cents} of {@code currency}, which must be given. */
    public static Money of(long cents, String currency) {
        if (currency == null) {
            throw new IllegalArgumentException("currency must not be null");
        }
        return new Money(cents, currency);
    }

    /** Whether the amount is over ten thousand euros. */
    public boolean isLargeEuros() {
        if (currency.equals("EUR") && cents > 1_000_000) {
            return true; // TARGET: large
        }
        return false;
    }
}
