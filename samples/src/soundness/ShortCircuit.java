package soundness;

// CATEGORY: heap

/**
 * Unreachable: || does not evaluate its right side when the left is true,
 * so for x > 0 mark is never called and the cell stays 0.
 */
public class ShortCircuit {
    static boolean mark(int[] cell) {
        cell[0]++;
        return false;
    }

    public static int run(int x) {
        int[] cell = new int[1];
        boolean any = x > 0 || mark(cell);
        if (any && cell[0] == 1) {
            return 1; // TARGET EXPECT: unreachable
        }
        return cell[0];
    }
}
