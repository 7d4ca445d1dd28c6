package exceptions;

/**
 * Exceptions raised a few calls below the method asked about, and one no
 * input can raise: `--throws` must answer each with a confirmed state or a
 * proof, without giving up on the natives the JVM uses to build an
 * exception (Throwable.fillInStackTrace, getExtendedNPEMessage).
 */
public class Deep {
    static final class Account {
        int balance;
        Account owner;
    }

    static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }

    static int withdraw(Account a, int amount) {
        require(amount > 0, "amount");
        require(a.balance >= amount, "balance");
        a.balance -= amount;
        return a.balance;
    }

    /** IllegalStateException two calls down; NullPointerException when a is null. */
    public static int pay(Account a, int amount) {
        return withdraw(a, amount) + 1;
    }

    /** NullPointerException from a field read two calls down. */
    public static int ownerBalance(Account a) {
        return balanceOf(ownerOf(a));
    }

    static Account ownerOf(Account a) {
        return a.owner;
    }

    static int balanceOf(Account a) {
        return a.balance;
    }

    /** Never throws IllegalStateException: every call passes a positive amount it checks. */
    public static int safe(int amount) {
        if (amount <= 0) {
            return 0;
        }
        Account a = new Account();
        a.balance = amount;
        return withdraw(a, amount);
    }
}
