package soundness;

// CATEGORY: arrays

/** Reachable: an Object[] whose first element is a string of length 2. */
public class ObjectArrayString {
    public static int run(Object[] objs) {
        if (objs.length > 0 && objs[0] instanceof String && ((String) objs[0]).length() == 2) {
            return 1; // TARGET EXPECT: reachable
        }
        return 0;
    }
}
