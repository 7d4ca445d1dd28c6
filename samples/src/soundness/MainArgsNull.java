package soundness;

// CATEGORY: strings

/** Unreachable: isEmpty() on a null element throws NullPointerException. */
public class MainArgsNull {
    public static void main(String[] args) {
        if (args.length > 0 && args[0] == null && args[0].isEmpty()) {
            return; // TARGET EXPECT: unreachable
        }
    }
}
