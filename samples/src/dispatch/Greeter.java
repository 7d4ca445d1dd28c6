package dispatch;

/** An interface with a default method. */
public interface Greeter {
    default int greet() {
        return 7;
    }
}
