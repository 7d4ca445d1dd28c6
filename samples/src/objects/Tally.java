package objects;

/** A tally and its counters: an inner class whose objects need their tally. */
public class Tally {
    private int total;

    public Tally(int total) {
        this.total = total;
    }

    public class Counter {
        private final int step;

        public Counter(int step) {
            this.step = step;
        }

        public boolean overflows() {
            if (total + step > 100 && step < 10) {
                return true; // TARGET: overflows
            }
            return false;
        }
    }
}
