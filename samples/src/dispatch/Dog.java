package dispatch;

public class Dog extends Animal {
    @Override
    public int sound() {
        return 1;
    }
}
