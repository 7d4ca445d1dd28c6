package cfgcases;

/** Explicit athrow: a method exit that is not a return. */
public class Throw {

    public static int checkPositive(int x) {
        if (x <= 0)
            throw new IllegalArgumentException("not positive");
        return x;
    }

    /** Throws an exception object received as an argument. */
    public static void rethrow(RuntimeException e) {
        throw e;
    }
}
