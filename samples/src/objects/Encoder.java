package objects;

import java.util.Objects;

/**
 * Like commons-compress's LZ77Compressor: its constructor refuses null
 * settings and a null sink, which a path that reads neither leaves null.
 * A test passes {@code new Settings(1)} (whose level must be 1 to 9) and a
 * sink that does nothing.
 */
public final class Encoder {
    /** Where encoded blocks go. */
    public interface Sink {
        void accept(byte[] block);
    }

    /** A compression level from 1 to 9. */
    public static final class Settings {
        private final int level;

        public Settings(int level) {
            if (level < 1 || level > 9) {
                throw new IllegalArgumentException("level " + level);
            }
            this.level = level;
        }

        public int level() {
            return level;
        }
    }

    private final Settings settings;
    private final Sink sink;
    private int pending;

    public Encoder(Settings settings, Sink sink) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Whether nothing waits to be encoded. */
    public boolean isIdle() {
        if (pending == 0) {
            return true; // TARGET: idle
        }
        return false;
    }
}
