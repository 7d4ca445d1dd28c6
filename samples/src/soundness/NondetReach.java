package soundness;

// CATEGORY: contracts

/**
 * Reachable: any even value above 1000 from the environment; the real one
 * (4242, see Env) is such a value, so the replay reaches the target too.
 */
public class NondetReach {
    public static int run() {
        int x = Env.nondet();
        if (x > 1000 && x % 2 == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
