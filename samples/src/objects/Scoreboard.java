package objects;

/** A scoreboard and its lanes: an inner class whose objects need their scoreboard. */
public class Scoreboard {
    private int total;

    public Scoreboard(int total) {
        this.total = total;
    }

    public class Lane {
        private final int step;

        public Lane(int step) {
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
