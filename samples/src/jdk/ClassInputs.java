package jdk;

/**
 * A Class-typed input is the JVM's object, one per class, never built from
 * fields: a test names it (`String.class`). It is one of a few classes
 * related by subtyping (`Object`, `String`, `CharSequence`, ...), the array
 * types `int[]` and `Object[]`, and the classes the method names; choosing
 * among them is an assumption (docs/objects.md), so a target no choice
 * reaches is unknown, never unreachable.
 */
public class ClassInputs {
    public static int isArray(Class<?> c) {
        if (c.isArray()) {
            return 1; // TARGET: isArray
        }
        return 0;
    }

    public static int instance(Class<?> c, Object o) {
        if (c.isInstance(o)) {
            if (o instanceof String) {
                return 1; // TARGET: instanceString
            }
            return 2; // TARGET: instanceOther
        }
        return 0;
    }

    public static int assignable(Class<?> a, Class<?> b) {
        if (a.isAssignableFrom(b) && a != b) {
            if (b.isInterface()) {
                return 2; // TARGET: superOfInterface
            }
            return 1; // TARGET: strictSuper
        }
        return 0;
    }

    public static int named(Class<?> c) {
        if (c == Thread.class) {
            return 1; // TARGET: named
        }
        return 0;
    }

    public static int never(Class<?> c, Object o) {
        if (c.isInstance(o) && o == null) {
            return 1; // TARGET: never
        }
        return 0;
    }
}
