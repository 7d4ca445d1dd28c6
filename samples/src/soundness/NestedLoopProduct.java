package soundness;

// CATEGORY: loops

/** Reachable: nested loops count a * b; a = 3, b = 2 (or a = 6, b = 1). */
public class NestedLoopProduct {
    public static int run(int a, int b) {
        if (a < 0 || a > 20 || b < 0 || b > 20) {
            return 0;
        }
        int p = 0;
        for (int i = 0; i < a; i++) {
            for (int j = 0; j < b; j++) {
                p++;
            }
        }
        if (p == 6 && a > b) {
            return 1; // TARGET EXPECT: reachable
        }
        return p;
    }
}
