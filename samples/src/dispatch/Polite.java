package dispatch;

/** Keeps Greeter's default greet(). */
public class Polite implements Greeter {
}
