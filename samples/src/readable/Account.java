package readable;

/**
 * An account with private fields and plain getters: the tests read what a
 * call changed through {@code getBalance()} and {@code isFrozen()}, as a
 * person would, not through reflection.
 */
public class Account {
    private int balance;
    private boolean frozen;
    private int deposits;

    /** @return the balance */
    public int getBalance() {
        return balance;
    }

    /** @return whether deposits are refused */
    public boolean isFrozen() {
        return frozen;
    }

    /**
     * Adds to the balance; freezes the account past 1000.
     *
     * @param amount a positive amount
     */
    public void deposit(int amount) {
        if (frozen) {
            throw new IllegalStateException("frozen");
        }
        if (amount <= 0) {
            throw new IllegalArgumentException("amount");
        }
        balance += amount;
        deposits++;
        if (balance > 1000) {
            frozen = true;
        }
    }
}
