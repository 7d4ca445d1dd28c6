package soundness;

// CATEGORY: strings

/** A main entry point. Reachable: args = {anything, "go"}. */
public class MainArgs {
    public static void main(String[] args) {
        if (args.length == 2 && args[1].equals("go")) {
            return; // TARGET EXPECT: reachable
        }
    }
}
