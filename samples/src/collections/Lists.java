package collections;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ListIterator;

/** Methods taking JDK lists, for the list model (issue 36). */
public class Lists {
    /** Reached by a list of three strings whose middle one is "b". */
    public static int middle(List<String> names) {
        if (names.size() == 3 && names.get(1).equals("b")) {
            return 1; // TARGET: middle
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
            return sum; // TARGET: two positives
        }
        return -1;
    }

    /** Changes its input: reached by a list of two elements and an empty
        string, which add(0, s) puts first. */
    public static boolean grow(ArrayList<String> xs, String s) {
        xs.add(0, s);
        xs.add("end");
        if (xs.size() == 4 && xs.get(0).isEmpty()) {
            return true; // TARGET: grown
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
            return kept.get(2); // TARGET: three odds
        }
        return 0;
    }

    /** A collection that is empty and not empty: never. */
    public static int inconsistent(Collection<String> c) {
        if (!c.isEmpty() && c.size() == 0) {
            return 1; // TARGET: inconsistent
        }
        return 0;
    }

    /** Past the end of the list: get(i) with i == size() throws. */
    public static int past(List<String> xs, int i) {
        if (i == xs.size()) {
            try {
                xs.get(i);
            } catch (IndexOutOfBoundsException e) {
                return 1; // TARGET: out of range
            }
        }
        return 0;
    }

    /** contains compares strings by value: reached by a list holding "x". */
    public static int find(List<String> xs) {
        if (xs.contains("x") && xs.indexOf("x") == 1) {
            return 1; // TARGET: found
        }
        return 0;
    }

    /** A list walked back from its end by a list iterator: its last
        element "z", one before it. */
    public static int backward(List<String> list) {
        ListIterator<String> it = list.listIterator(list.size());
        if (it.hasPrevious() && it.previous().equals("z") && it.previousIndex() == 0) {
            return 1; // TARGET: backward
        }
        return 0;
    }
}
