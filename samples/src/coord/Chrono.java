package coord;

/** The chronometer of the paper's Fig. 1: a single package-visible field. */
public class Chrono {
    int time;
}
