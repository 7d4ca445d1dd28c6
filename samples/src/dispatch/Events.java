package dispatch;

/**
 * A user interface with no implementation on the class path: any
 * implementation could exist elsewhere, so no target behind a call on it
 * may be proved unreachable; the input is a mock (src/classpath/mock.rs).
 */
public class Events {
    /** A listener nobody on the class path implements. */
    public interface Listener {
        int onEvent(int e);
    }

    public static int fire(Listener l) {
        if (l.onEvent(1) == 3) {
            return 1; // target: three
        }
        return 0;
    }
}
