package jaut.harness;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A mock of the input state (issue 17, src/classpath/mock.rs): an
 * implementation of an interface whose abstract methods return the answers
 * the search chose, call by call, and the type's default value past them.
 * Default methods run their own code; {@code equals}, {@code hashCode} and
 * {@code toString} are those of an ordinary object (identity).
 */
final class Mock implements InvocationHandler {
    private final State state;
    private final String name;
    /** Method name and descriptor to the JSON answers left (a list that
     * holds nulls: an answer may be null). */
    private final Map<String, Deque<Object>> answers = new HashMap<>();
    /** Method name and descriptor to the calls (from 0) that throw. */
    private final Map<String, List<Object>> throwing = new HashMap<>();
    /** Method name and descriptor to the calls made so far. */
    private final Map<String, Integer> calls = new HashMap<>();

    @SuppressWarnings("unchecked")
    Mock(State state, String name, List<Object> methods) {
        this.state = state;
        this.name = name;
        for (Object mo : methods) {
            Map<String, Object> m = (Map<String, Object>) mo;
            answers.put((String) m.get("method"), new java.util.LinkedList<>(State.list(m.get("returns"))));
            throwing.put((String) m.get("method"), State.list(m.get("throws")));
        }
    }

    /** Counts a call of {@code key}; throws when the state says it does. */
    private void call(String key) {
        int k = calls.merge(key, 1, Integer::sum) - 1;
        List<Object> t = throwing.get(key);
        if (t != null && t.contains((long) k)) {
            Deque<Object> left = answers.get(key);
            if (left != null) {
                left.poll();
            }
            throw new RuntimeException("thrown by a mock");
        }
    }

    /** The next answer of method {@code key} (name and descriptor), boxed. */
    Object answer(String key) {
        call(key);
        int open = key.indexOf('(');
        Class<?> type = returnType(key.substring(key.lastIndexOf(')') + 1));
        Deque<Object> left = answers.get(key);
        if (type == void.class) {
            return null;
        }
        if (left == null || left.isEmpty()) {
            return defaultValue(type);
        }
        return state.value(type, left.poll(), "answer of " + name + "." + key.substring(0, open));
    }

    /** The class of a return type descriptor, for the primitives and Object. */
    private Class<?> returnType(String d) {
        switch (d) {
            case "V": return void.class;
            case "Z": return boolean.class;
            case "B": return byte.class;
            case "C": return char.class;
            case "S": return short.class;
            case "I": return int.class;
            case "J": return long.class;
            case "F": return float.class;
            case "D": return double.class;
            default: return Object.class;
        }
    }

    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
        if (m.getDeclaringClass() == Object.class) {
            switch (m.getName()) {
                case "equals": return proxy == args[0];
                case "hashCode": return System.identityHashCode(proxy);
                default: return "mock " + name + "@" + Integer.toHexString(System.identityHashCode(proxy));
            }
        }
        if (m.isDefault()) {
            return invokeDefault(proxy, m, args);
        }
        call(m.getName() + descriptor(m));
        Deque<Object> left = answers.get(m.getName() + descriptor(m));
        Class<?> type = m.getReturnType();
        if (type == void.class) {
            return null;
        }
        if (left == null || left.isEmpty()) {
            return defaultValue(type);
        }
        return state.value(type, left.poll(), "answer of " + name + "." + m.getName());
    }

    /**
     * Runs a default method's own code: {@code InvocationHandler.invokeDefault}
     * (Java 16+; the harness compiles for Java 11, so it is found
     * reflectively), else a special method handle.
     */
    private static Object invokeDefault(Object proxy, Method m, Object[] args) throws Throwable {
        try {
            Method invoke = InvocationHandler.class.getMethod("invokeDefault", Object.class, Method.class, Object[].class);
            return invoke.invoke(null, proxy, m, args);
        } catch (NoSuchMethodException old) {
            Class<?> owner = m.getDeclaringClass();
            return java.lang.invoke.MethodHandles.privateLookupIn(owner, java.lang.invoke.MethodHandles.lookup())
                    .unreflectSpecial(m, owner)
                    .bindTo(proxy)
                    .invokeWithArguments(args == null ? new Object[0] : args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** The JVM descriptor of a method (JVMS §4.3.3). */
    static String descriptor(Method m) {
        StringBuilder d = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            d.append(descriptor(p));
        }
        return d.append(')').append(descriptor(m.getReturnType())).toString();
    }

    /** The JVM descriptor of a type (JVMS §4.3.2). */
    static String descriptor(Class<?> c) {
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        if (c.isPrimitive()) {
            switch (c.getName()) {
                case "boolean": return "Z";
                case "byte": return "B";
                case "char": return "C";
                case "short": return "S";
                case "int": return "I";
                case "long": return "J";
                case "float": return "F";
                case "double": return "D";
                default: return "V";
            }
        }
        return "L" + c.getName().replace('.', '/') + ";";
    }

    private static Object defaultValue(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return (char) 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == double.class) {
            return 0d;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
