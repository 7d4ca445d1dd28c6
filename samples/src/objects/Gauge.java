package objects;

/** A level only {@link #raise} changes: no constructor makes a full gauge. */
public class Gauge {
    private int level;

    public Gauge() {
        level = 0;
    }

    public void raise() {
        level++;
    }

    public String state() {
        if (level > 100) {
            return "full"; // TARGET: full
        }
        return "ok";
    }
}
