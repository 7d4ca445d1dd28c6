package soundness;

// CATEGORY: heap

/**
 * A field hidden by a subclass field of the same name is a different field.
 * Unreachable: the write through Base does not change Derived's own value.
 */
public class FieldHiding {
    static class Base {
        int value;
    }

    static final class Derived extends Base {
        int value;
    }

    public static int run(Derived d) {
        d.value = 1;
        ((Base) d).value = 2;
        if (d.value == 2) {
            return 1; // TARGET EXPECT: unreachable
        }
        return 0;
    }
}
