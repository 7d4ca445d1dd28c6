package reflect;

/**
 * A class built only from a private constructor taking an array of
 * references: a test reaches it through reflection, and a lone
 * {@code String[]} given to the reflection helper's {@code Object...}
 * must stay one argument (javac would spread it into several).
 */
public class Launcher {
    private final String mode;

    private Launcher(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("no mode");
        }
        mode = args[0];
    }

    public String mode() {
        return mode;
    }
}
