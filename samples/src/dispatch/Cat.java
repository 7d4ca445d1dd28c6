package dispatch;

public class Cat extends Animal {
    @Override
    public int sound() {
        return 2;
    }

    @Override
    public int weight() {
        return 3;
    }
}
