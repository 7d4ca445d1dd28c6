package objects;

/** Separators a program reads from static fields; its constructor is private. */
public final class Separator {
    public static final Separator COMMA = new Separator(',');
    public static final Separator TAB = new Separator('\t');

    private final char ch;

    private Separator(char ch) {
        this.ch = ch;
    }

    public boolean isTab() {
        if (ch == '\t') {
            return true; // TARGET: tab
        }
        return false;
    }
}
