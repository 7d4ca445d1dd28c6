package lambdas;

import java.util.Comparator;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/**
 * Lambdas and method references (src/classpath/lambda.rs): the search
 * allocates the object LambdaMetafactory makes, dispatches to it and
 * explores its implementation method.
 */
public class Lambdas {
    /** A functional interface of the program: the world is closed. */
    public interface Check {
        boolean ok(int x);
    }

    public static int captured(int n) {
        Supplier<String> s = () -> "x" + n;
        if (s.get().equals("x5")) {
            return 1; // TARGET: captured
        }
        return 0;
    }

    public static int methodReference(String s) {
        Function<String, Integer> f = String::length;
        if (f.apply(s) == 3) {
            return 1; // TARGET: method-reference
        }
        return 0;
    }

    public static int staticReference(int a, int b) {
        IntBinaryOperator op = Math::max;
        if (op.applyAsInt(a, b) == 7 && a < b) {
            return 1; // TARGET: static-reference
        }
        return 0;
    }

    public static int closedWorld(int n) {
        Check c = x -> x > 10;
        if (c.ok(n) && n < 5) {
            return 1; // TARGET: closed-world
        }
        return 0;
    }

    public static int constructorReference(String s) {
        Supplier<StringBuilder> make = StringBuilder::new;
        StringBuilder sb = make.get();
        sb.append(s);
        if (sb.length() == 2) {
            return 1; // TARGET: constructor-reference
        }
        return 0;
    }

    public static int notCalled(String s, int n) {
        Objects.requireNonNull(s, () -> "s is null at " + n);
        if (s.length() == 1) {
            return 1; // TARGET: not-called
        }
        return 0;
    }

    public static int messageSupplied(String s, int n) {
        try {
            Objects.requireNonNull(s, () -> "s is null at " + n);
            return 0;
        } catch (NullPointerException e) {
            if (e.getMessage().equals("s is null at 3")) {
                return 1; // TARGET: message-supplied
            }
            return 2;
        }
    }

    public static int comparator(String a, String b) {
        Comparator<String> c = Comparator.comparing(String::length);
        if (c.compare(a, b) < 0) {
            return 1; // TARGET: comparator
        }
        return 0;
    }
}
