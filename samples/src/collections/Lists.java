package collections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Methods taking JDK lists, for the list model (issue 36). */
public class Lists {
    /** Reached by a list of three strings whose middle one is "b". */
    public static int middle(List<String> names) {
        if (names.size() == 3 && names.get(1).equals("b")) {
            return 1;
        }
        return 0;
    }

    /** A for-each loop over the input: reached by two positive numbers. */
    public static int sumPositive(List<Integer> xs) {
        int sum = 0;
        int count = 0;
        for (Integer x : xs) {
            if (x > 0) {
                sum += x;
                count++;
            }
        }
        if (count == 2 && sum > 10) {
            return sum;
        }
        return -1;
    }

    /** Changes its input: reached by a list whose first element, once
        replaced, leaves an empty string at index 0 of a longer list. */
    public static boolean grow(ArrayList<String> xs, String s) {
        xs.add(0, s);
        xs.add("end");
        if (xs.size() == 4 && xs.get(0).isEmpty()) {
            return true;
        }
        return false;
    }

    /** The program's own list: reached when the input has 3 odd numbers. */
    public static int odds(int[] xs) {
        List<Integer> kept = new ArrayList<>();
        for (int x : xs) {
            if (x % 2 != 0) {
                kept.add(x);
            }
        }
        if (kept.size() == 3) {
            return kept.get(2);
        }
        return 0;
    }

    /** A collection that is empty and not empty: never. */
    public static int inconsistent(Collection<String> c) {
        if (!c.isEmpty() && c.size() == 0) {
            return 1;
        }
        return 0;
    }
}
