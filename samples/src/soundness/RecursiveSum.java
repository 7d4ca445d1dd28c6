package soundness;

// CATEGORY: recursion

/** Reachable: sumTo(2) = 2 + 1 + 0 = 3 (three activations). */
public class RecursiveSum {
    static int sumTo(int n) {
        if (n <= 0) {
            return 0;
        }
        return n + sumTo(n - 1);
    }

    public static int run(int x) {
        if (x > 1 && sumTo(x) == 3) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
