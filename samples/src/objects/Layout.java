package objects;

/**
 * Page layouts whose pages come from a constant's builder, as commons-text
 * {@code DoubleFormat.PLAIN.builder()}: {@code Layout.NARROW.builder()
 * .columns(3).build()} makes a {@link Page}, whose constructor is private.
 */
public enum Layout {
    NARROW,
    WIDE;

    /** A builder of pages in this layout. */
    public Builder builder() {
        return new Builder(this);
    }

    /** Collects a page's settings. */
    public static final class Builder {
        private final Layout layout;
        private int columns = 1;

        private Builder(Layout layout) {
            this.layout = layout;
        }

        /** The number of columns. */
        public Builder columns(int columns) {
            this.columns = columns;
            return this;
        }

        /** The page. */
        public Page build() {
            return new Page(layout, columns);
        }
    }

    /** A page laid out in columns of ten characters. */
    public static final class Page {
        private final Layout layout;
        private final int columns;

        private Page(Layout layout, int columns) {
            this.layout = layout;
            this.columns = columns;
        }

        /** Whether the page's columns overflow a line of {@code width}. */
        public boolean overflows(int width) {
            if (columns * 10 > width && width > 0) {
                return true; // TARGET: overflow
            }
            return false;
        }

        /** The layout the page was built in. */
        public Layout layout() {
            return layout;
        }
    }
}
