package soundness;

// CATEGORY: recursion

/** Reachable: x = 3, isOdd(3) = isEven(2) = isOdd(1) = isEven(0) = true. */
public class MutualRecursion {
    static boolean isEven(int n) {
        if (n == 0) {
            return true;
        }
        return isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        if (n == 0) {
            return false;
        }
        return isEven(n - 1);
    }

    public static int run(int x) {
        if (x > 1 && x <= 3 && isOdd(x)) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
