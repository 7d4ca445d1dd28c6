package rbtree;

/**
 * A red-black tree keyed by ints, implementing the insertion and deletion
 * algorithm of java.util.TreeMap (itself after Cormen, Leiserson and Rivest,
 * "Introduction to Algorithms"): the "RedBlackTree"/"TreeMap" benchmark of
 * the ISSRE 2010 JAUT paper (methods rotateLeft, deleteEntry,
 * fixAfterDeletion, fixAfterInsertion).
 *
 * As in the paper's experiments, every field is public, so test inputs may be
 * arbitrary (possibly invalid) trees. Colours follow TreeMap's convention:
 * BLACK = true, RED = false; a null entry counts as black.
 */
public class RedBlackTree {
    public static final boolean RED = false;
    public static final boolean BLACK = true;

    public static class Entry {
        public int key;
        public Object value;
        public Entry left;
        public Entry right;
        public Entry parent;
        public boolean color = BLACK;

        public Entry(int key, Object value, Entry parent) {
            this.key = key;
            this.value = value;
            this.parent = parent;
        }
    }

    public Entry root;
    public int size;
    /** Number of structural modifications (kept, as in TreeMap). */
    public int modCount;

    // ---------------------------------------------------------------- queries

    /** The entry with the given key, or null. */
    public Entry getEntry(int key) {
        Entry e = root;
        while (e != null) {
            if (key < e.key)
                e = e.left;
            else if (key > e.key)
                e = e.right;
            else
                return e;
        }
        return null;
    }

    /** The entry following {@code t} in key order, or null. */
    public static Entry successor(Entry t) {
        if (t == null)
            return null;
        if (t.right != null) {
            // leftmost entry of the right subtree
            Entry s = t.right;
            while (s.left != null)
                s = s.left;
            return s;
        }
        // first ancestor reached from a left child
        Entry child = t;
        Entry s = t.parent;
        while (s != null && child == s.right) {
            child = s;
            s = s.parent;
        }
        return s;
    }

    // ---------------------------------------------------------------- updates

    /** Associates {@code value} with {@code key}; returns the previous value. */
    public Object put(int key, Object value) {
        Entry t = root;
        if (t == null) {
            root = new Entry(key, value, null);
            size = 1;
            modCount++;
            return null;
        }
        Entry parent;
        do {
            parent = t;
            if (key < t.key) {
                t = t.left;
            } else if (key > t.key) {
                t = t.right;
            } else {
                Object previous = t.value;
                t.value = value;
                return previous;
            }
        } while (t != null);
        Entry e = new Entry(key, value, parent);
        if (key < parent.key)
            parent.left = e;
        else
            parent.right = e;
        fixAfterInsertion(e);
        size++;
        modCount++;
        return null;
    }

    /** Removes the mapping for {@code key}; returns its value, or null. */
    public Object remove(int key) {
        Entry p = getEntry(key);
        if (p == null)
            return null;
        Object value = p.value;
        deleteEntry(p);
        return value;
    }

    /** Unlinks entry {@code p} from the tree and rebalances. */
    public void deleteEntry(Entry p) {
        modCount++;
        size--;

        // An inner node takes over its successor's mapping, and the successor
        // (which has at most one child) is the entry actually unlinked.
        if (p.left != null && p.right != null) {
            Entry s = successor(p);
            p.key = s.key;
            p.value = s.value;
            p = s;
        }

        Entry replacement = (p.left != null ? p.left : p.right);

        if (replacement != null) {
            // splice the only child into p's place
            replacement.parent = p.parent;
            if (p.parent == null)
                root = replacement;
            else if (p == p.parent.left)
                p.parent.left = replacement;
            else
                p.parent.right = replacement;
            p.left = null;
            p.right = null;
            p.parent = null;
            if (p.color == BLACK)
                fixAfterDeletion(replacement);
        } else if (p.parent == null) {
            // p was the only entry
            root = null;
        } else {
            // leaf: rebalance while p is still in place, then cut it off
            if (p.color == BLACK)
                fixAfterDeletion(p);
            if (p.parent != null) {
                if (p == p.parent.left)
                    p.parent.left = null;
                else if (p == p.parent.right)
                    p.parent.right = null;
                p.parent = null;
            }
        }
    }

    // ------------------------------------------------------------- balancing

    public static boolean colorOf(Entry p) {
        return p == null ? BLACK : p.color;
    }

    public static Entry parentOf(Entry p) {
        return p == null ? null : p.parent;
    }

    public static void setColor(Entry p, boolean c) {
        if (p != null)
            p.color = c;
    }

    public static Entry leftOf(Entry p) {
        return p == null ? null : p.left;
    }

    public static Entry rightOf(Entry p) {
        return p == null ? null : p.right;
    }

    /** Left rotation around {@code p}: its right child r takes its place. */
    public void rotateLeft(Entry p) {
        if (p != null) {
            Entry r = p.right;
            p.right = r.left;
            if (r.left != null)
                r.left.parent = p;
            r.parent = p.parent;
            if (p.parent == null)
                root = r;
            else if (p.parent.left == p)
                p.parent.left = r;
            else
                p.parent.right = r;
            r.left = p;
            p.parent = r;
        }
    }

    /** Right rotation around {@code p}: its left child l takes its place. */
    public void rotateRight(Entry p) {
        if (p != null) {
            Entry l = p.left;
            p.left = l.right;
            if (l.right != null)
                l.right.parent = p;
            l.parent = p.parent;
            if (p.parent == null)
                root = l;
            else if (p.parent.right == p)
                p.parent.right = l;
            else
                p.parent.left = l;
            l.right = p;
            p.parent = l;
        }
    }

    /** Restores the red-black properties after {@code x} was linked in. */
    public void fixAfterInsertion(Entry x) {
        x.color = RED;

        while (x != null && x != root && x.parent.color == RED) {
            if (parentOf(x) == leftOf(parentOf(parentOf(x)))) {
                Entry uncle = rightOf(parentOf(parentOf(x)));
                if (colorOf(uncle) == RED) {
                    // recolour and move the violation two levels up
                    setColor(parentOf(x), BLACK);
                    setColor(uncle, BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == rightOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateLeft(x);
                    }
                    setColor(parentOf(x), BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    rotateRight(parentOf(parentOf(x)));
                }
            } else {
                Entry uncle = leftOf(parentOf(parentOf(x)));
                if (colorOf(uncle) == RED) {
                    setColor(parentOf(x), BLACK);
                    setColor(uncle, BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    x = parentOf(parentOf(x));
                } else {
                    if (x == leftOf(parentOf(x))) {
                        x = parentOf(x);
                        rotateRight(x);
                    }
                    setColor(parentOf(x), BLACK);
                    setColor(parentOf(parentOf(x)), RED);
                    rotateLeft(parentOf(parentOf(x)));
                }
            }
        }
        root.color = BLACK;
    }

    /** Restores the red-black properties when a black entry is removed. */
    public void fixAfterDeletion(Entry x) {
        while (x != root && colorOf(x) == BLACK) {
            if (x == leftOf(parentOf(x))) {
                Entry sib = rightOf(parentOf(x));

                if (colorOf(sib) == RED) {
                    setColor(sib, BLACK);
                    setColor(parentOf(x), RED);
                    rotateLeft(parentOf(x));
                    sib = rightOf(parentOf(x));
                }

                if (colorOf(leftOf(sib)) == BLACK && colorOf(rightOf(sib)) == BLACK) {
                    setColor(sib, RED);
                    x = parentOf(x);
                } else {
                    if (colorOf(rightOf(sib)) == BLACK) {
                        setColor(leftOf(sib), BLACK);
                        setColor(sib, RED);
                        rotateRight(sib);
                        sib = rightOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), BLACK);
                    setColor(rightOf(sib), BLACK);
                    rotateLeft(parentOf(x));
                    x = root;
                }
            } else {
                Entry sib = leftOf(parentOf(x));

                if (colorOf(sib) == RED) {
                    setColor(sib, BLACK);
                    setColor(parentOf(x), RED);
                    rotateRight(parentOf(x));
                    sib = leftOf(parentOf(x));
                }

                if (colorOf(rightOf(sib)) == BLACK && colorOf(leftOf(sib)) == BLACK) {
                    setColor(sib, RED);
                    x = parentOf(x);
                } else {
                    if (colorOf(leftOf(sib)) == BLACK) {
                        setColor(rightOf(sib), BLACK);
                        setColor(sib, RED);
                        rotateLeft(sib);
                        sib = leftOf(parentOf(x));
                    }
                    setColor(sib, colorOf(parentOf(x)));
                    setColor(parentOf(x), BLACK);
                    setColor(leftOf(sib), BLACK);
                    rotateRight(parentOf(x));
                    x = root;
                }
            }
        }
        setColor(x, BLACK);
    }
}
