package core;

/** Abstract base class for the type-test cases of {@link Targets}. */
public abstract class Shape {
    public int sides;
}
