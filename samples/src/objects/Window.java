package objects;

/**
 * A sliding window made only by its builder, like commons-compress's
 * LZ77 {@code Parameters}: {@code Window.builder(32).lazy(true).build()}.
 * The builder's start takes the size and refuses one that is not a power
 * of two of at least 2, so the size a path leaves free (0) must be chosen
 * by the start's own precondition.
 */
public final class Window {
    private final int size;
    private final boolean lazy;

    private Window(int size, boolean lazy) {
        this.size = size;
        this.lazy = lazy;
    }

    /** A builder of windows of {@code size} bytes, a power of two. */
    public static Builder builder(int size) {
        return new Builder(size);
    }

    /** Whether {@code n} bytes fit in the window. */
    public boolean fits(int n) {
        if (n > size) {
            return false; // TARGET: over
        }
        return true; // TARGET: within
    }

    /** Whether the window matches lazily. */
    public boolean isLazy() {
        return lazy;
    }

    /** Collects a window's settings. */
    public static final class Builder {
        private final int size;
        private boolean lazy;

        private Builder(int size) {
            if (size < 2 || (size & (size - 1)) != 0) {
                throw new IllegalArgumentException("size must be a power of two");
            }
            this.size = size;
        }

        /** Whether to match lazily. */
        public Builder lazy(boolean lazy) {
            this.lazy = lazy;
            return this;
        }

        /** The window collected. */
        public Window build() {
            return new Window(size, lazy);
        }
    }
}
