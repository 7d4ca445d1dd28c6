package jaut.unicode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Prints the answers of {@code java.lang.Character}'s classification and
 * case-mapping methods for every code point (0 to 0x10FFFF), as the JVM
 * running it gives them, in a compact form jaut's search turns into
 * constraints ({@code src/unicode/}). jaut runs it once per JDK with the
 * source launcher ({@code java Tables.java}) and caches the output.
 *
 * <p>Output, one table a line, numbers in decimal: {@code name default a b
 * stride shift value ...}, a function equal on each run to {@code c + value}
 * ({@code shift} 1) or to {@code value} ({@code shift} 0) for the code
 * points {@code c} of {@code a, a + stride, ..., b}, and elsewhere to
 * {@code c} ({@code default} {@code id}) or to the constant {@code
 * default}. A predicate is the function that is 1 where it holds, else 0.
 * The runs are in order and their spans {@code [a, b]} disjoint.
 * Before printing a table the program decodes it and compares it with the
 * method on every code point; a difference ends it with exit code 1.
 */
public final class Tables {
    private static final int LAST = Character.MAX_CODE_POINT;

    public static void main(String[] args) {
        predicate("isDigit", Character::isDigit);
        predicate("isLetter", Character::isLetter);
        predicate("isLetterOrDigit", Character::isLetterOrDigit);
        predicate("isWhitespace", Character::isWhitespace);
        predicate("isSpaceChar", Character::isSpaceChar);
        predicate("isUpperCase", Character::isUpperCase);
        predicate("isLowerCase", Character::isLowerCase);
        predicate("isTitleCase", Character::isTitleCase);
        predicate("isAlphabetic", Character::isAlphabetic);
        predicate("isIdeographic", Character::isIdeographic);
        predicate("isDefined", Character::isDefined);
        predicate("isJavaIdentifierStart", Character::isJavaIdentifierStart);
        predicate("isJavaIdentifierPart", Character::isJavaIdentifierPart);
        predicate("isUnicodeIdentifierStart", Character::isUnicodeIdentifierStart);
        predicate("isUnicodeIdentifierPart", Character::isUnicodeIdentifierPart);
        predicate("isIdentifierIgnorable", Character::isIdentifierIgnorable);
        predicate("isMirrored", Character::isMirrored);
        function("toUpperCase", null, Character::toUpperCase);
        function("toLowerCase", null, Character::toLowerCase);
        function("toTitleCase", null, Character::toTitleCase);
        function("getType", 0, Character::getType);
        function("digit", -1, c -> Character.digit(c, Character.MAX_RADIX));
        function("getNumericValue", -1, Character::getNumericValue);
    }

    /** A predicate: a function that is 1 where it holds, else 0. */
    private static void predicate(String name, IntPredicate p) {
        function(name, 0, c -> p.test(c) ? 1 : 0);
    }

    /** A run: code points a, a + stride, ..., b, each mapped to value (+ c when shift). */
    private static final class Run {
        final int a;
        int b;
        int stride;
        final boolean shift;
        final int value;

        Run(int a, int stride, boolean shift, int value) {
            this.a = a;
            this.b = a;
            this.stride = stride;
            this.shift = shift;
            this.value = value;
        }

        boolean covers(int c) {
            return c >= a && c <= b && (c - a) % stride == 0;
        }

        int image(int c) {
            return shift ? c + value : value;
        }
    }

    /** {@code dflt} null: the identity outside the runs. */
    private static void function(String name, Integer dflt, IntUnaryOperator f) {
        List<Run> runs = new ArrayList<>();
        Run open = null;
        for (int c = 0; c <= LAST; c++) {
            int v = f.applyAsInt(c);
            int outside = dflt == null ? c : dflt;
            if (v == outside) {
                continue;
            }
            if (open != null && open.b == open.a && c - open.a <= 2) {
                // A run of one: it may grow with this point, by either rule.
                if (open.shift && v - c == open.value || !open.shift && v == open.value) {
                    open.stride = c - open.a;
                    open.b = c;
                    continue;
                }
                if (open.shift && open.image(open.a) == v) {
                    runs.set(runs.size() - 1, open = new Run(open.a, c - open.a, false, v));
                    open.b = c;
                    continue;
                }
            } else if (open != null && c - open.b == open.stride && open.image(c) == v) {
                open.b = c;
                continue;
            }
            open = new Run(c, 1, true, v - c);
            runs.add(open);
        }
        // The runs' spans are disjoint and in order: one pass decodes them.
        int next = 0;
        for (int c = 0; c <= LAST; c++) {
            while (next < runs.size() && runs.get(next).b < c) {
                next++;
            }
            int expected = f.applyAsInt(c);
            int decoded = dflt == null ? c : dflt;
            if (next < runs.size() && runs.get(next).covers(c)) {
                decoded = runs.get(next).image(c);
            }
            if (decoded != expected) {
                System.err.println(name + "(" + c + "): table " + decoded + ", JVM " + expected);
                System.exit(1);
            }
        }
        StringBuilder line = new StringBuilder(name).append(' ');
        line.append(dflt == null ? "id" : dflt.toString());
        for (Run r : runs) {
            line.append(' ').append(r.a).append(' ').append(r.b).append(' ').append(r.stride)
                    .append(' ').append(r.shift ? 1 : 0).append(' ').append(r.value);
        }
        System.out.println(line);
    }
}
