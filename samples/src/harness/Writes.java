package harness;

import java.io.File;
import java.io.IOException;

/**
 * Code under test that writes a file at a relative path: the replay runs it
 * in a scratch directory of its own, removed afterwards, so nothing lands
 * in the user's directory.
 */
public class Writes {
    public static int touch(int x) throws IOException {
        new File("jaut-scratch-probe.txt").createNewFile();
        if (x > 0) {
            return 1; // target
        }
        return 0;
    }
}
