package builders;

/**
 * StringBuilder and StringBuffer inputs (src/search/builder_inputs.rs): a
 * builder the method is given, whose contents the backward search reasons
 * about as it does a builder the method makes, and which the test makes
 * with new StringBuilder("...").
 */
public class Given {
    private final StringBuilder log;

    public Given(StringBuilder log) {
        this.log = log;
    }

    public static int marked(StringBuilder sb) {
        if (sb.length() > 2 && sb.charAt(1) == 'x') {
            return 1; // TARGET: marked
        }
        return 0;
    }

    public static int appended(StringBuffer sb, int n) {
        sb.append(n);
        if (sb.toString().equals("ab7")) {
            return 1; // TARGET: appended
        }
        return 0;
    }

    public int logged() {
        if (log.length() == 3 && log.charAt(0) == 'o' && log.charAt(2) == 'k') {
            return 1; // TARGET: logged
        }
        return 0;
    }
}
