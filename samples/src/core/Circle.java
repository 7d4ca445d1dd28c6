package core;

public class Circle extends Shape {
    public Circle() {
        sides = 0;
    }
}
