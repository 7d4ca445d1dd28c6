package soundness;

// CATEGORY: assertions

/**
 * Unreachable: with assertions enabled (as jaut runs them, and Maven
 * Surefire and Gradle run tests), no x <= 0 gets past the assert.
 */
public class AssertGuard {
    public static int run(int x) {
        assert x > 0;
        if (x <= 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
