package soundness;

// CATEGORY: statics

/**
 * A static that no code ever assigns is null in every run. Unreachable:
 * {@code head} has no writer, not even the class initializer.
 */
public class NeverWrittenHead {
    static final class Node {
        int value;
        Node next;
    }

    private static Node head;

    public static int run(int x) {
        if (head != null && head.value == x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
