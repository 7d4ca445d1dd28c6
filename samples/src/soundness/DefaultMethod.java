package soundness;

// CATEGORY: dispatch

/** Reachable: g a Plain, which inherits the interface's default value(). */
public class DefaultMethod {
    interface Gauge {
        default int value() {
            return 5;
        }
    }

    static final class Plain implements Gauge {
    }

    static final class Fixed implements Gauge {
        @Override
        public int value() {
            return 9;
        }
    }

    public static int run(Gauge g) {
        if (g.value() == 5) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
