package soundness;

// CATEGORY: heap

/** Reachable: b = false equals Boolean.FALSE (the JVM's own object). */
public class BooleanFalseEquals {
    public static int run(Boolean b) {
        if (Boolean.FALSE.equals(b)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
