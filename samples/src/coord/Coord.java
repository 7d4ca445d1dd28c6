package coord;

/**
 * Cartesian coordinates in a 2D space: the running example of Charreteur and
 * Gotlieb, "Constraint-based test input generation for Java bytecode"
 * (ISSRE 2010), Fig. 1 (source) and Fig. 2 (bytecode).
 *
 * The branch structure of {@link #moveY} is chosen so that javac --release 11
 * produces exactly the instruction offsets of the paper's Fig. 2:
 * the {@code if_icmple} at pc 33 jumps to pc 52 (the {@code else} branch) and
 * the {@code areturn} of "instruction i" is at pc 51.
 */
public class Coord {
    int x, y;

    Coord(int cx, int cy) {
        x = cx;
        y = cy;
    }

    public Coord moveY(Chrono chrono, int speed) {
        if (chrono.time <= 0 || speed <= 0)
            return this;
        int ytemp = y + chrono.time * speed;
        chrono.time = 0;
        if (ytemp > 65536) {
            ytemp = 65536;
            // instruction i (pc 51, areturn): the test objective of the paper.
            // Note the deliberate fault: the arguments are swapped.
            return new Coord(ytemp, x);
        } else
            return new Coord(x, ytemp);
    }
}
