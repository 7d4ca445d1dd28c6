package objects;

/** A growable text: the constructor copies its argument into a buffer longer than it. */
public class Text {
    private char[] buffer;
    private int size;

    public Text(String initial) {
        buffer = new char[initial.length() + 16];
        initial.getChars(0, initial.length(), buffer, 0);
        size = initial.length();
    }

    public boolean endsWithBang() {
        if (size > 2 && buffer[size - 1] == '!' && buffer[0] == 'h') {
            return true; // TARGET: bang
        }
        return false;
    }
}
