package dispatch;

public class Rude implements Greeter {
    @Override
    public int greet() {
        return 0;
    }
}
