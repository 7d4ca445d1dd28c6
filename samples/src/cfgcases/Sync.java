package cfgcases;

/**
 * A synchronized block compiles to monitorenter/monitorexit plus a catch-any
 * handler that releases the monitor and rethrows; a synchronized method only
 * carries the ACC_SYNCHRONIZED flag.
 */
public class Sync {

    public static int synchronizedBlock(Object lock, Box b) {
        synchronized (lock) {
            b.value = b.value + 1;
            if (b.value == 10)
                return 1;
        }
        return 0;
    }

    public synchronized int synchronizedMethod(int x) {
        return x + 1;
    }
}
