package dispatch;

/** An abstract class with three subclasses, for virtual dispatch. */
public abstract class Animal {
    public int legs;

    /** Each subclass answers differently. */
    public abstract int sound();

    /** Overridden by Cat only. */
    public int weight() {
        return legs * 10;
    }
}
