package soundness;

import java.util.Random;

// CATEGORY: environment
/**
 * A generator seeded with a constant draws one fixed sequence:
 * new Random(42).nextInt(10) is 0 in every JVM (48-bit LCG, JDK
 * java.util.Random), so no run reaches the target. An environment value
 * for the draw would "reach" it.
 */
public class SeededDraw {
    public static int main() {
        Random r = new Random(42);
        if (r.nextInt(10) == 5) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
