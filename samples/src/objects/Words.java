package objects;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Three words whose iterator is an anonymous class that only {@code
 * iterator()} makes, like commons-collections' {@code CircularFifoQueue}'s:
 * an iterator the path needs past its second word is made by {@code
 * words.iterator()} and two calls of {@code next()}, as a person writes
 * it, not by writing its fields.
 */
public final class Words implements Iterable<String> {
    private final String[] words;

    public Words(String first, String second, String third) {
        words = new String[] {first, second, third};
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<String>() {
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
