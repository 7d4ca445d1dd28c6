package soundness;

// CATEGORY: heap

/**
 * A field read through a subclass reference is the field its superclass
 * declares. Unreachable: after b.value = x, ((Sub) b).value is x.
 */
public class InheritedField {
    static class Base {
        int value;
    }

    static final class Sub extends Base {
    }

    public static int run(Sub s, int x) {
        Base b = s;
        b.value = x;
        if (s.value != x) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
