package readable;

/**
 * A ledger holding an account it does not change: a test of {@code record}
 * asserts the count it changed, not the account's fields.
 */
public class Ledger {
    private Account account;
    private int entries;

    /** @return the entries recorded */
    public int getEntries() {
        return entries;
    }

    /**
     * Records one entry when the account holds something.
     *
     * @return whether it recorded
     */
    public boolean record() {
        if (account.getBalance() > 0) {
            entries++;
            return true;
        }
        return false;
    }
}
