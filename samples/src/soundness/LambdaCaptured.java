package soundness;

// CATEGORY: lambdas

import java.util.function.IntSupplier;

/** Reachable: n = 3, the lambda returns the value it captured plus one. */
public class LambdaCaptured {
    public static int run(int n) {
        IntSupplier s = () -> n + 1;
        if (s.getAsInt() == 4) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
