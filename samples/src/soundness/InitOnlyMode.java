package soundness;

// CATEGORY: statics

/**
 * A static written only by the class initializer keeps its initial value.
 * Unreachable: {@code mode} is 3 in every run (it is not a compile-time
 * constant, so javac reads the field).
 */
public class InitOnlyMode {
    private static int mode = 3;

    public static int run(int x) {
        if (mode == 7 && x > 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
