package cfgcases;

/** A mutable cell used by the CFG test cases. */
public class Box {
    public int value;
    public Box next;
}
