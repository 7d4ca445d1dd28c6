package objects;

import java.util.NoSuchElementException;

/**
 * Three words whose iterator is an anonymous class that only {@code
 * iterator()} makes, like commons-collections' {@code CircularFifoQueue}'s:
 * an iterator the path needs past its second word is made by {@code
 * words.iterator()} and two calls of {@code next()}, as a person writes
 * it, not by writing its fields. The iterator's interface is the sample's
 * own: a class implementing {@code java.util.Iterator} anywhere on the
 * samples' class path would make every proof about the JDK's own
 * iterators (collections/Ordered) rest on a closed world.
 */
public final class Words {
    /** An iterator over words (generic, so {@code next()} has a bridge). */
    public interface Cursor<T> {
        boolean hasNext();

        T next();

        void remove();
    }

    private final String[] words;

    public Words(String first, String second, String third) {
        words = new String[] {first, second, third};
    }

    public Cursor<String> iterator() {
        return new Cursor<String>() {
            private int at;
            private boolean moved;

            @Override
            public boolean hasNext() {
                return at < words.length;
            }

            @Override
            public String next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                moved = true;
                return words[at++];
            }

            /** Refused before {@code next()}; past the second word, a note. */
            @Override
            public void remove() {
                if (!moved) {
                    throw new IllegalStateException("next() first");
                }
                if (at >= 2 && words.length > at) {
                    throw new UnsupportedOperationException("late"); // TARGET: late
                }
                throw new UnsupportedOperationException("early");
            }
        };
    }
}
