package soundness;

// CATEGORY: statics

/** A static written by the entry point before it is read. Reachable: x = 3. */
public class StaticCounter {
    private static int count;

    public static int run(int x) {
        count = 0;
        for (int i = 0; i < x; i++) {
            count += 2;
        }
        if (count == 6) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
