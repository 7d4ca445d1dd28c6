package nested;

/**
 * An inner (non-static) class: its constructor takes the enclosing
 * {@code Counter} as a hidden first argument, which Java source writes
 * {@code counter.new Step(..)}; a test calls it through reflection.
 */
public class Counter {
    int base;

    /** A step from the counter's base. */
    public class Step {
        final int size;

        /**
         * A step of {@code size} past the base.
         *
         * @param size a positive size
         */
        public Step(int size) {
            if (size <= 0) {
                throw new IllegalArgumentException("size");
            }
            this.size = size + base;
        }
    }
}
