package dispatch;

/** Targets reached only through one particular implementation. */
public class Zoo {
    /** Needs a Cat: only Cat.sound() returns 2. */
    public static int meows(Animal a) {
        if (a.sound() == 2)
            return 1;                           // target
        return 0;
    }

    /** Needs a Dog or a Bird with 4 legs: Cat overrides weight(). */
    public static int heavy(Animal a) {
        if (a.weight() == 40)
            return 1;                           // target
        return 0;
    }

    /** Needs a Polite: the interface's default method answers 7. */
    public static int greets(Greeter g) {
        if (g.greet() == 7)
            return 1;                           // target
        return 0;
    }

    /** No implementation returns 5. */
    public static int never(Animal a) {
        if (a.sound() == 5)
            return 1;                           // target (unreachable)
        return 0;
    }
}
