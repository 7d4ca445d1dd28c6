package dispatch;

public class Bird extends Animal {
    @Override
    public int sound() {
        return 3;
    }
}
