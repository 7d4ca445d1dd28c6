package statics;

/**
 * Static fields as a program really uses them: one no code ever writes
 * (always null), one a setter writes (an input a test may set), and others
 * only the class initializer writes (each always holds what it stores).
 */
public class Registry {
    static final class Node {
        int value;
        Node next;
    }

    /** Never written: always null. */
    static Node head;
    /** Written by {@link #setLimit}: an input. */
    static int limit;
    /** Written only by the class initializer: always 3. */
    static int mode = 3;
    /** Always "main". */
    static String name = "main";
    /** Always a new object. */
    static final Object LOCK = new Object();
    /** Computed by the class initializer (an array initializer). */
    static int[] table = {1, 2, 3};

    public static void setLimit(int l) {
        limit = l;
    }

    public static int first() {
        if (head != null) {
            return head.value; // unreachable: head is always null
        }
        return -1;
    }

    public static int above(int x) {
        if (x > limit) {
            return 1; // reachable: limit is an input
        }
        return 0;
    }

    public static int modeIs(int x) {
        if (mode != 3) {
            return 99; // unreachable: mode is always 3
        }
        if (x == mode) {
            return 1; // reachable with x = 3
        }
        return 0;
    }

    public static int named(String s) {
        if (name.length() != 4) {
            return 2; // unreachable: name is always "main"
        }
        if (name.equals(s)) {
            return 1; // reachable with s = "main"
        }
        return 0;
    }

    public static int locked() {
        if (LOCK == null) {
            return 1; // unreachable: LOCK is always an object
        }
        return 0;
    }

    public static int lookup(int i) {
        if (table != null && i >= 0 && i < table.length && table[i] == 2) {
            return 1; // reachable with i = 1 (the replay checks the array's contents)
        }
        return 0;
    }
}
