package soundness;

// CATEGORY: exceptions

/**
 * An input RuntimeException may be of any of its JDK subclasses, those no
 * code here names included: a type test on a JDK class that is not final
 * proves nothing about an input. Reachable: e a NoSuchElementException
 * that is no InputMismatchException.
 */
public class OpenExceptionType {
    public static int run(RuntimeException e) {
        if (e instanceof java.util.NoSuchElementException
                && !(e instanceof java.util.InputMismatchException)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
