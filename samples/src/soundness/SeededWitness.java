package soundness;

import java.util.Random;

// CATEGORY: environment
/**
 * The seed is an input: seed 0 draws 0 first from nextInt(10)
 * (new Random(0).nextInt(10) == 0), and some seed draws 5.
 */
public class SeededWitness {
    public static int main(long seed) {
        Random r = new Random(seed);
        if (r.nextInt(10) == 5) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
