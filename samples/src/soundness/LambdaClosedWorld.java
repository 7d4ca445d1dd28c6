package soundness;

// CATEGORY: lambdas

/** Unreachable: the only Test object is the lambda, which answers x > 10. */
public class LambdaClosedWorld {
    interface Test {
        boolean ok(int x);
    }

    public static int run(int n) {
        Test t = x -> x > 10;
        if (t.ok(n) && n < 3) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
