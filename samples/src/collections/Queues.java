package collections;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedList;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Queue;

/** Methods taking JDK queues, deques and optionals, for the deque model
    (issue 36). */
public class Queues {
    /** Reached by a queue whose head is "x" and holds two elements. */
    public static int head(Queue<String> q) {
        if (q.size() == 2 && "x".equals(q.peek())) {
            return 1; // TARGET: head
        }
        return 0;
    }

    /** poll takes the head: the next one is the second element. */
    public static int second(Queue<Integer> q) {
        Integer first = q.poll();
        Integer next = q.poll();
        if (first != null && next != null && next == 5 && first > next) {
            return 1; // TARGET: second
        }
        return 0;
    }

    /** A stack: push puts first, pop takes it back. */
    public static int stack(Deque<String> d, String s) {
        d.push(s);
        d.addLast("tail");
        if (d.size() == 3 && d.peekLast().equals("tail") && d.pop().isEmpty()) {
            return 1; // TARGET: stack
        }
        return 0;
    }

    /** The program's own deque, filled from an array: reached when the
        last of three kept numbers is 9. */
    public static int window(int[] xs) {
        ArrayDeque<Integer> kept = new ArrayDeque<>();
        for (int x : xs) {
            kept.offerLast(x);
            if (kept.size() > 3) {
                kept.pollFirst();
            }
        }
        if (kept.size() == 3 && kept.peekLast() == 9 && kept.peekFirst() == 1) {
            return 1; // TARGET: window
        }
        return 0;
    }

    /** A for-each loop over a deque: reached by three elements summing to 6
        and none zero. */
    public static int sum(Deque<Integer> d) {
        int total = 0;
        int count = 0;
        for (Integer x : d) {
            if (x == 0) {
                return -1;
            }
            total += x;
            count++;
        }
        if (count == 3 && total == 6) {
            return 1; // TARGET: sum
        }
        return 0;
    }

    /** A linked list is a list and a deque. */
    public static int linked(LinkedList<String> l) {
        l.addFirst("a");
        if (l.size() == 2 && l.get(1).equals("b") && l.getLast() == l.get(1)) {
            return 1; // TARGET: linked
        }
        return 0;
    }

    /** Never: a queue whose head is missing and that is not empty holds a
        null, which only a LinkedList allows; and poll of an empty queue is
        null. */
    public static int nullHead(Queue<String> q) {
        if (!q.isEmpty() && q.peek() == null) {
            return 1; // TARGET: null head
        }
        return 0;
    }

    /** Never: a deque that is empty and answers an element. */
    public static int inconsistent(Deque<String> d) {
        if (d.isEmpty() && d.peekFirst() != null) {
            return 1; // TARGET: inconsistent
        }
        return 0;
    }

    /** Never: after offer(x), the last element is x. */
    public static int lost(ArrayDeque<String> d, String x) {
        if (x != null) {
            d.offer(x);
            if (d.peekLast() != x) {
                return 1; // TARGET: lost
            }
        }
        return 0;
    }

    /** removeFirst of an empty deque throws. */
    public static int empty(ArrayDeque<String> d) {
        try {
            d.removeFirst();
        } catch (NoSuchElementException e) {
            return 1; // TARGET: empty
        }
        return 0;
    }

    /** Reached by an optional holding "yes". */
    public static int present(Optional<String> o) {
        if (o.isPresent() && o.get().equals("yes")) {
            return 1; // TARGET: present
        }
        return 0;
    }

    /** orElse answers the default of an empty optional. */
    public static int orElse(Optional<Integer> o) {
        if (o.orElse(7) == 7 && !o.isPresent()) {
            return 1; // TARGET: or else
        }
        return 0;
    }

    /** get of an empty optional throws. */
    public static int absent(Optional<String> o) {
        try {
            o.get();
        } catch (NoSuchElementException e) {
            return 1; // TARGET: absent
        }
        return 0;
    }

    /** The program's own optional: reached by a negative number. */
    public static int own(int x) {
        Optional<Integer> o = x < 0 ? Optional.of(-x) : Optional.empty();
        if (o.isPresent() && o.get() == 4) {
            return 1; // TARGET: own
        }
        Optional<String> n = Optional.ofNullable(x == 3 ? null : "s");
        if (!n.isPresent()) {
            return 2; // TARGET: own empty
        }
        return 0;
    }

    /** Never: an optional that is present and empty. */
    public static int both(Optional<String> o) {
        if (o.isPresent() && o.isEmpty()) {
            return 1; // TARGET: both
        }
        return 0;
    }
}
