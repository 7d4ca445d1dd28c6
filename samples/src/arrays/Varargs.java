package arrays;

/**
 * Varargs methods: the replay passes the array the state holds (null
 * included) as it is, never wrapped into another array.
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
}
