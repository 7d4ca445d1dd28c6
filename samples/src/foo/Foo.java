package foo;

/**
 * The "foo" program of the ISSRE 2010 JAUT paper (Sec. VI-B, Fig. 4).
 *
 * RECONSTRUCTION: the listing in our copy of the paper is truncated after
 * the method header. The text states that reaching the test objective I
 * "implicitly constrains the number of iterations within the loop", that the
 * parameter {@code a} can be increased to study the scaling effect, and that
 * JAUT finds i = 42 for a = 1. The version below has exactly those
 * properties: with a = 1 the loop must run exactly 42 times, which forces
 * i = 42; for a larger a, i ranges over (41 * a, 42 * a].
 */
public class Foo {
    static int a = 1;

    public static int foo(int i) {
        int j = 0;
        while (i > 0) {
            i = i - a;
            j = j + 1;
        }
        if (j == 42) {
            return 1;       // target I
        }
        return 0;
    }
}
