package jaut.harness;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Writes values seen after the call as JSON (the {@code Observed} form of
 * src/replay/observation.rs): primitives and strings inline, other objects by
 * index into a table of every object reachable from them, numbered in the
 * order they are first met, so aliases share an index and cycles close.
 *
 * <p>What is not captured is marked {@code opaque} with the reason: objects of
 * JDK classes other than strings and boxes (their internals are no business of
 * a test), objects deeper than {@link #MAX_DEPTH} references or beyond
 * {@link #MAX_OBJECTS}, and arrays longer than {@link #MAX_ELEMENTS}. Fields
 * declared by JDK superclasses (Throwable's, Enum's) are left out for the same
 * reason.
 */
final class Capture {
    static final int MAX_DEPTH = 32;
    static final int MAX_OBJECTS = 2000;
    static final int MAX_ELEMENTS = 10000;

    private final IdentityHashMap<Object, Integer> ids = new IdentityHashMap<>();
    /** The input state's mocks, by id: reported as the input objects they are. */
    private final IdentityHashMap<Object, Integer> mocks;
    /** The input state's other objects, by id: reported with the input they are. */
    private final IdentityHashMap<Object, Integer> inputs;

    Capture() {
        this(new IdentityHashMap<>(), new IdentityHashMap<>());
    }

    Capture(IdentityHashMap<Object, Integer> mocks, IdentityHashMap<Object, Integer> inputs) {
        this.mocks = mocks;
        this.inputs = inputs;
    }
    private final List<Object> order = new ArrayList<>();
    private final List<Integer> depths = new ArrayList<>();

    /** Appends {@code v}, whose static type is {@code type}. */
    void value(StringBuilder out, Class<?> type, Object v, int depth) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof Boolean && (type == boolean.class)) {
            out.append(v);
        } else if (type.isPrimitive()) {
            primitive(out, v);
        } else if (v instanceof String && Json.unpaired((String) v)) {
            // Its UTF-16 units: JSON text cannot carry an unpaired surrogate.
            out.append("{\"utf16\":[");
            String s = (String) v;
            for (int k = 0; k < s.length(); k++) {
                out.append(k == 0 ? "" : ",").append((int) s.charAt(k));
            }
            out.append("]}");
        } else if (v instanceof String) {
            Json.quote(out, (String) v);
        } else {
            Integer id = ids.get(v);
            if (id == null) {
                id = order.size();
                ids.put(v, id);
                order.add(v);
                depths.add(depth);
            }
            out.append("{\"ref\":").append(id).append('}');
        }
    }

    private static void primitive(StringBuilder out, Object v) {
        if (v instanceof Boolean) {
            out.append(v);
        } else if (v instanceof Character) {
            out.append((int) (Character) v);
        } else if (v instanceof Float || v instanceof Double) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                // JSON has no NaN: the reader knows the type is a float.
                Json.quote(out, Double.toString(d));
            } else {
                out.append(Double.toString(d));
            }
        } else {
            out.append(((Number) v).longValue());
        }
    }

    /** The table of objects, to be written after every value referring to it. */
    String objects() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < order.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            object(out, order.get(i), depths.get(i), i);
        }
        return out.append(']').toString();
    }

    private void object(StringBuilder out, Object o, int depth, int index) {
        Class<?> c = o.getClass();
        Integer mock = mocks.get(o);
        if (mock != null) {
            // A mock's class is the JVM's proxy class, whose name changes
            // from run to run: the object is reported as the input it is.
            out.append("{\"class\":");
            Class<?> mocked = java.lang.reflect.Proxy.isProxyClass(c) ? c.getInterfaces()[0] : c.getSuperclass();
            Json.quote(out, mocked.getTypeName());
            out.append(",\"fields\":[],\"opaque\":\"a mock of the input state\",\"input\":").append(mock).append('}');
            return;
        }
        out.append("{\"class\":");
        Json.quote(out, c.getTypeName());
        out.append(",\"fields\":[");
        String opaque = null;
        if (depth > MAX_DEPTH) {
            opaque = "deeper than " + MAX_DEPTH + " references from the inputs and the result";
        } else if (index >= MAX_OBJECTS) {
            opaque = "more than " + MAX_OBJECTS + " objects reachable";
        } else if (c.isArray()) {
            int n = Array.getLength(o);
            if (n > MAX_ELEMENTS) {
                opaque = "array of " + n + " elements, over the limit of " + MAX_ELEMENTS;
            } else {
                out.append("],\"elements\":[");
                Class<?> component = c.getComponentType();
                for (int k = 0; k < n; k++) {
                    if (k > 0) {
                        out.append(',');
                    }
                    value(out, component, Array.get(o, k), depth + 1);
                }
            }
        } else if (Reflect.isJdk(c)) {
            Class<?> primitive = unboxed(c);
            if (primitive != null) {
                out.append("{\"name\":\"value\",\"declared_in\":");
                Json.quote(out, c.getName());
                out.append(",\"type\":");
                Json.quote(out, primitive.getName());
                out.append(",\"value\":");
                primitive(out, o);
                out.append('}');
            } else {
                opaque = "an object of the JDK class " + c.getTypeName() + " (internals not captured)";
            }
        } else {
            fields(out, o, c, depth);
        }
        out.append(']');
        if (opaque != null) {
            out.append(",\"opaque\":");
            Json.quote(out, opaque);
        }
        Integer input = inputs.get(o);
        if (input != null) {
            // The same object the state made: the writer compares its
            // fields with the state's and asserts only what changed.
            out.append(",\"input\":").append(input);
        }
        out.append('}');
    }

    /** Instance fields of user classes, superclasses first. */
    private void fields(StringBuilder out, Object o, Class<?> c, int depth) {
        Deque<Class<?>> chain = new ArrayDeque<>();
        for (Class<?> k = c; k != null && !Reflect.isJdk(k); k = k.getSuperclass()) {
            chain.push(k);
        }
        boolean first = true;
        for (Class<?> k : chain) {
            Field[] declared;
            try {
                declared = k.getDeclaredFields();
            } catch (LinkageError e) {
                continue;
            }
            for (Field f : declared) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                Object v;
                try {
                    v = Reflect.get(o, f);
                } catch (UnsupportedOperationException e) {
                    // A hidden class's (a lambda's captured values, JVMS
                    // 5.3.5): closed to field offsets, and no test can
                    // name it either.
                    continue;
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                out.append("{\"name\":");
                Json.quote(out, f.getName());
                out.append(",\"declared_in\":");
                Json.quote(out, k.getTypeName());
                out.append(",\"type\":");
                Json.quote(out, f.getType().getTypeName());
                out.append(",\"value\":");
                value(out, f.getType(), v, depth + 1);
                out.append('}');
            }
        }
    }

    private static Class<?> unboxed(Class<?> c) {
        if (c == Integer.class) return int.class;
        if (c == Long.class) return long.class;
        if (c == Boolean.class) return boolean.class;
        if (c == Character.class) return char.class;
        if (c == Short.class) return short.class;
        if (c == Byte.class) return byte.class;
        if (c == Float.class) return float.class;
        if (c == Double.class) return double.class;
        return null;
    }
}
