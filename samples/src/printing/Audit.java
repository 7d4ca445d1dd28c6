package printing;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Logging on the way to a target: java.util.logging calls, like printing,
 * change nothing the program reads back and throw nothing, so the search
 * goes through them (their arguments are still evaluated).
 */
public class Audit {
    private static final Logger LOG = Logger.getLogger("printing.Audit");

    /** Needs an amount over 1000, logged at four levels on the way. */
    public static int check(int amount) {
        LOG.info("checking " + amount);
        LOG.fine("detail");
        if (amount > 1000) {
            LOG.warning("large amount");
            System.out.printf("large: %d%n", amount);
            LOG.log(Level.SEVERE, "over {0}", amount);
            return 1; // TARGET: large
        }
        return 0;
    }

    /** Throws IllegalStateException when the amount passes the balance, after a report. */
    public static int withdraw(int balance, int amount) {
        report(balance);
        if (amount > balance) {
            throw new IllegalStateException("overdrawn");
        }
        return balance - amount;
    }

    private static void report(int balance) {
        System.out.println("balance " + balance);
        System.err.print('.');
        LOG.log(Level.INFO, "balance {0}", balance);
        LOG.logp(Level.FINE, "Audit", "report", "done");
    }

    /** Logging changes nothing: a contradiction stays one. */
    public static int never(int amount) {
        if (amount > 10) {
            LOG.severe("big");
            if (amount < 5) {
                return 1; // TARGET: never
            }
        }
        return 0;
    }
}
