package arrays;

/**
 * Varargs methods: the replay passes the array the state holds (null
 * included) as it is, never wrapped into another array, and the JUnit test
 * calls them the same way.
 */
public class Varargs {
    public static int count(char... cs) {
        if (cs == null) {
            return -1; // target: null
        }
        if (cs.length > 2) {
            return cs[2]; // target: third
        }
        return cs.length;
    }

    public static int first(String... names) {
        if (names == null) {
            return -1; // target: null names
        }
        if (names.length > 0 && names[0] == null) {
            return 2; // target: a null name
        }
        return 0;
    }

    public static int sum(int base, int... more) {
        if (more == null) {
            return base; // target: no array
        }
        if (more.length == 1 && base + more[0] == 7) {
            return 100; // target: seven
        }
        return 0;
    }
}
