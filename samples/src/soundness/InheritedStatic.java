package soundness;

// CATEGORY: statics

/**
 * Sub.count names the static field declared in Base (JVMS 5.4.3.2).
 * Unreachable: after Base.count = x, Sub.count is x.
 */
public class InheritedStatic {
    static class Base {
        static int count;
    }

    static final class Sub extends Base {
    }

    public static int run(int x) {
        Base.count = x;
        if (Sub.count != x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
