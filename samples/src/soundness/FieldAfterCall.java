package soundness;

// CATEGORY: heap

/** Reachable: an instance method on the input; c.value = -1 before bump(). */
public class FieldAfterCall {
    static final class Counter {
        int value;

        void bump() {
            value++;
        }
    }

    public static int run(Counter c) {
        c.bump();
        if (c.value == 0) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
