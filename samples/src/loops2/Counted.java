package loops2;

/**
 * Loops counted from a constant up to a bound that is not a constant
 * (src/search/loop_bound.rs): walked back from its exit, such a loop's
 * counter cannot pass below its start, and once the path's constraints pin
 * the counter, the iterations left to the loop's entry are known.
 */
public class Counted {
    /** A cell of a singly-linked list. */
    public static class Cell {
        public int v;
        public Cell next;
    }

    /**
     * Makes `first` the head of a list of n cells valued 1..n (the first
     * loop of josephus): the last cell is valued 30 only for n = 30, 29
     * iterations, which the value stored from the counter pins after one.
     */
    public static int build(Cell first, int n) {
        if (first == null) {
            return 0;
        }
        first.v = 1;
        Cell c = first;
        int i = 2;
        while (i <= n) {
            c.next = new Cell();
            c = c.next;
            c.v = i;
            i++;
        }
        if (c.v == 30) {
            return -1; // TARGET: build
        }
        return c.v;
    }

    /**
     * At most three hops when m is at most 4, each adding one or two:
     * twenty is out of reach. Without a bound on the counter below, walking
     * back from the exit unrolls the loop until the loop bound, with two
     * paths per iteration, and proves nothing.
     */
    public static int hops(Cell c, int m) {
        int hops = 0;
        int i = 1;
        while (i <= m - 1) {
            c = c.next;
            if (c.v > 0) {
                hops += 1;
            } else {
                hops += 2;
            }
            i++;
        }
        if (m <= 4 && hops == 20) {
            return -1; // TARGET: hops
        }
        return hops;
    }
}
