package soundness;

// CATEGORY: loops

/** Reachable: x = 8 reaches 1 in exactly three Collatz steps (8, 4, 2, 1). */
public class Collatz {
    public static int run(int x) {
        int n = x;
        int steps = 0;
        while (n != 1 && steps < 10) {
            if (n % 2 == 0) {
                n = n / 2;
            } else {
                n = 3 * n + 1;
            }
            steps++;
        }
        if (n == 1 && steps == 3) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
