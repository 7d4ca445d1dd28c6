package core;

/** A singly-linked cell, for the aliasing / cyclic-shape cases of {@link Targets}. */
public class Cell {
    public int value;
    public Cell next;
}
