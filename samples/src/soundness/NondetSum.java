package soundness;

// CATEGORY: contracts

/**
 * Two draws from the environment. Unreachable: a - b and b - a are
 * negations of each other modulo 2^32, so both are positive never.
 */
public class NondetSum {
    public static int run() {
        int a = Env.nondet();
        int b = Env.nondet();
        if (a - b > 0 && b - a > 0) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
