package core;

public class Square extends Shape {
    public Square() {
        sides = 4;
    }
}
