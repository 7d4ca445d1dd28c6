package nested2;

/**
 * A subclass in another package may name its superclass's protected
 * member class; a test in this package (not a subclass) may not.
 */
public class Use extends nested.Outer {
    public static int f(Object o) {
        if (o instanceof Hidden && ((Hidden) o).v == 3) {
            return 1;
        }
        return 0;
    }
}
