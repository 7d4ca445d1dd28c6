package josephus;

/**
 * The Josephus decimation program: a Java translation of Fig. 1 of
 * Charreteur, Botella and Gotlieb, "Modelling dynamic memory management in
 * constraint-based testing" (the C original uses malloc/free; here the
 * removed node is simply left to the garbage collector).
 *
 * The first loop (while 1) builds a circular list of n nodes keyed 1..n; the
 * second loop (while 2) repeatedly skips m - 1 nodes (while 3) and unlinks the
 * next one, until a single node remains. For n = 41 and m = 3 the survivor is
 * 31, the historical answer.
 */
public class Josephus {

    public static int josephus(int n, int m) {
        int i;
        Node t, x;
        t = new Node();
        t.key = 1;
        x = t;
        i = 2;
        while (i <= n) {                // while 1
            t.next = new Node();
            t = t.next;
            t.key = i;
            i++;
        }
        t.next = x;
        while (t != t.next) {           // while 2
            i = 1;
            while (i <= m - 1) {        // while 3
                t = t.next;
                i++;
            }
            x = t.next;
            t.next = t.next.next;       // unlink x (free(x) in the C version)
        }
        return t.key;
    }

    /**
     * "josephus/m" of the ISSRE 2010 paper: the same computation followed by
     * the hard-to-reach decision ndeEnd.key == 41 && nde.key == 31, where
     * ndeEnd is the last node built by the first loop and nde the survivor.
     * Reaching the target needs n = 41 and a survivor keyed 31 (e.g. m = 3),
     * i.e. 40 iterations of the second loop.
     */
    public static int josephusM(int n, int m) {
        int i;
        Node nde, first, ndeEnd, x;
        nde = new Node();
        nde.key = 1;
        first = nde;
        i = 2;
        while (i <= n) {                // while 1
            nde.next = new Node();
            nde = nde.next;
            nde.key = i;
            i++;
        }
        ndeEnd = nde;
        nde.next = first;
        while (nde != nde.next) {       // while 2
            i = 1;
            while (i <= m - 1) {        // while 3
                nde = nde.next;
                i++;
            }
            x = nde.next;
            nde.next = x.next;          // unlink x
        }
        if (ndeEnd.key == 41 && nde.key == 31) {
            return -1;                  // target
        }
        return nde.key;
    }
}
