package assertions;

/**
 * A field named like javac's assertion status that is not one: an
 * ordinary static that a method writes, so an input of the search, which
 * the assertion setting does not decide.
 */
public class Impostor {
    static boolean $assertionsDisabled;

    /**
     * Sets the field.
     *
     * @param b its new value
     */
    public static void set(boolean b) {
        $assertionsDisabled = b;
    }

    /**
     * Reads it.
     *
     * @return 1 when it is set, else 0
     */
    public static int read() {
        if ($assertionsDisabled) {
            return 1; // TARGET: set
        }
        return 0;
    }
}
