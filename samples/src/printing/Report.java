package printing;

/**
 * Printing and formatting on the way to a target: System.out and
 * System.err change nothing the method reads back, String.format makes a
 * new string whose text jaut does not model, and printing an object of the
 * program runs its toString(), which here has an effect.
 */
public class Report {
    static final class Item {
        int shown;

        @Override
        public String toString() {
            shown++;
            return "item";
        }
    }

    /** Prints on the way to both outcomes. */
    public static int log(int level, String who) {
        System.out.println("log");
        System.out.print(level);
        System.err.println(who);
        System.out.printf("%d%n", level);
        if (level > 3) {
            return 1; // TARGET: loud
        }
        return 0;
    }

    /** Printing cannot make the impossible possible. */
    public static int never(int level) {
        System.out.println(level);
        if (level > 3 && level < 2) {
            return 1; // TARGET: never
        }
        return 0;
    }

    /** The formatted text is not modelled: reached states are replayed. */
    public static int formatted(int n) {
        String s = String.format("%d", n);
        if (n > 9 && s.length() > 0) {
            return 1; // TARGET: formatted
        }
        return 0;
    }

    /** Printing an Item runs Item.toString(), which counts. */
    public static int shown(Item item) {
        System.out.println(item);
        if (item.shown == 1) {
            return 1; // TARGET: shown
        }
        return 0;
    }

    /** A format with no % formats to itself, whatever the arguments. */
    public static int plain(String f, int n) {
        String s = String.format(f, n);
        if (s.equals("ok")) {
            return 1; // TARGET: plain
        }
        return 0;
    }

    /** Validate.isTrue's shape: the message is formatted, so not null. */
    public static void check(boolean ok, String message, long value) {
        if (!ok) {
            throw new IllegalArgumentException(String.format(message, value));
        }
    }

    /** A plain format's text is the format's: never a longer one. */
    public static int lengths(String f) {
        String s = String.format(f);
        if (f.length() < 5 && f.indexOf('%') < 0 && s.length() != f.length()) {
            return 1; // TARGET: sameLength
        }
        return 0;
    }
    /** An object whose text may be an exception. */
    static final class Alarm {
        boolean armed;

        @Override
        public String toString() {
            if (armed) {
                throw new IllegalStateException("armed");
            }
            return "alarm";
        }
    }

    /**
     * printf of boxed values runs no toString of the program, so there is
     * nothing of Formatter's to search for an IllegalStateException.
     */
    public static void counted(int n) {
        System.out.printf("%d items of %s%n", n, "stock");
        if (n == 1001) {
            throw new IllegalStateException("too many");
        }
    }

    /** printf of an Alarm runs its toString, which may throw. */
    public static void sounded(Alarm alarm) {
        System.out.printf("%s%n", alarm);
    }
}
