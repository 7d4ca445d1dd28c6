package jdk;

/**
 * A Class-typed input is the JVM's object, one per class, never built from
 * fields: it is taken to be null, an assumption (docs/objects.md), so a
 * target that needs a class is unknown, never unreachable, and never a
 * state the replay cannot make.
 */
public class ClassInputs {
    public static int isArray(Class<?> c) {
        if (c.isArray()) {
            return 1; // TARGET: isArray
        }
        return 0;
    }
}
