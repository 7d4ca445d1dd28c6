package jaut.harness;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;

/**
 * Builds an input state (schema: docs/state-json.md) in the JVM. Objects
 * made by reflection come from {@code Unsafe.allocateInstance}, arrays from
 * {@code Array.newInstance}, all of them first, so references between them
 * — aliases and cycles — are plain field writes afterwards. Then the
 * objects the state makes by a constructor call ({@code "constructor"}) are
 * made, each after the objects its arguments name, and the writes of
 * references to them follow; finally every field such an object lists (the
 * fields the path reads) must hold the state's value, else the object is
 * {@link Unbuilt} (docs/objects.md). The JUnit writer makes them in the
 * same order.
 */
final class State {
    private final ClassLoader loader;
    private final Object[] objects;
    /** Which objects the state makes by a constructor call. */
    private boolean[] constructed;
    /** The longest array a constructor may make in place of the state's. */
    private static final int MAX_ARRAY = 4096;
    /** Arrays constructors made where the state has null: new objects after the state's. */
    private int extra;
    /** What {@link #constructedJson} returns, without its closing bracket. */
    private final StringBuilder constructedFields = new StringBuilder("[");
    /** The mocks among the objects, by id. */
    final java.util.IdentityHashMap<Object, Integer> mocks = new java.util.IdentityHashMap<>();
    /**
     * The other objects made for the state (not boxes, which the JDK may
     * share), by id: the capture reports them as the inputs they are.
     */
    final java.util.IdentityHashMap<Object, Integer> made = new java.util.IdentityHashMap<>();

    @SuppressWarnings("unchecked")
    State(ClassLoader loader, Map<String, Object> state) throws ReflectiveOperationException {
        this.loader = loader;
        List<Object> objs = list(state.get("objects"));
        objects = new Object[objs.size()];
        boolean[] boxes = new boolean[objs.size()];
        constructed = new boolean[objs.size()];
        java.util.Set<Object> cached = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        List<Write> deferred = new java.util.ArrayList<>();
        for (int i = 0; i < objs.size(); i++) {
            Map<String, Object> o = (Map<String, Object>) objs.get(i);
            Class<?> c = Reflect.classFor((String) o.get("class"), loader);
            if (o.containsKey("constructor") || "collection".equals(o.get("built_by"))) {
                // A JDK collection is made from its elements, after them.
                constructed[i] = true;
                continue;
            }
            if (isBox(c)) {
                objects[i] = box(c, o, cached);
                boxes[i] = true;
                continue;
            }
            if (o.containsKey("mock") && !c.isInterface()) {
                // A mock of an abstract class: an instance of a subclass made
                // for it, in its package and class loader when that is the
                // program's.
                Mock handler = new Mock(this, c.getTypeName(), list(o.get("mock")));
                List<String> keys = new java.util.ArrayList<>();
                for (Object mo : list(o.get("mock"))) {
                    keys.add((String) ((Map<String, Object>) mo).get("method"));
                }
                String sub = (c.getClassLoader() == loader ? c.getName().replace('.', '/') : "jaut/mock/" + c.getName().replace('.', '_')) + "$$JautMock" + i;
                if (!(loader instanceof TargetLoader)) {
                    throw new Refusal("object #" + i + ": a mock of an abstract class needs the replay's class loader");
                }
                Class<?> made = ((TargetLoader) loader).define(sub.replace('/', '.'), MockClass.generate(sub, c, keys));
                objects[i] = Reflect.UNSAFE.allocateInstance(made);
                MockCalls.register(objects[i], handler);
                mocks.put(objects[i], i);
                continue;
            }
            if (o.containsKey("mock")) {
                Mock handler = new Mock(this, c.getTypeName(), list(o.get("mock")));
                objects[i] = java.lang.reflect.Proxy.newProxyInstance(c.getClassLoader() == null ? loader : c.getClassLoader(), new Class<?>[] {c}, handler);
                mocks.put(objects[i], i);
                continue;
            }
            if (c.isArray()) {
                objects[i] = Array.newInstance(c.getComponentType(), list(o.get("elements")).size());
            } else if (c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers())) {
                throw new Refusal("object #" + i + " has the abstract class " + c.getTypeName());
            } else {
                objects[i] = Reflect.UNSAFE.allocateInstance(c);
            }
            made.put(objects[i], i);
        }
        for (int i = 0; i < objs.size(); i++) {
            Map<String, Object> o = (Map<String, Object>) objs.get(i);
            Object target = objects[i];
            if (boxes[i] || constructed[i]) {
                continue;
            }
            if (o.containsKey("mock") && java.lang.reflect.Proxy.isProxyClass(target.getClass())) {
                continue;
            }
            if (target.getClass().isArray()) {
                Class<?> component = target.getClass().getComponentType();
                List<Object> elements = list(o.get("elements"));
                for (int k = 0; k < elements.size(); k++) {
                    int index = k;
                    Object json = elements.get(k);
                    String where = "element " + k + " of #" + i;
                    Write write = () -> {
                        Object v = value(component, json, where);
                        try {
                            Array.set(target, index, v);
                        } catch (IllegalArgumentException e) {
                            throw new Refusal(where + ": " + e.getMessage());
                        }
                    };
                    later(json, write, deferred);
                }
                continue;
            }
            for (Object fo : list(o.get("fields"))) {
                Map<String, Object> field = (Map<String, Object>) fo;
                Class<?> declaring = Reflect.classFor((String) field.get("declared_in"), loader);
                Field f = Reflect.field(declaring, (String) field.get("name"));
                Object json = field.get("value");
                later(json, () -> Reflect.set(target, f, value(f.getType(), json, Reflect.describe(f))), deferred);
            }
        }
        int[] progress = new int[objs.size()];
        for (int i = 0; i < objs.size(); i++) {
            if (constructed[i]) {
                construct(i, objs, progress);
            }
        }
        for (Write w : deferred) {
            w.run();
        }
        for (int i = 0; i < objs.size(); i++) {
            if (constructed[i] && ((Map<String, Object>) objs.get(i)).containsKey("constructor")) {
                check(i, (Map<String, Object>) objs.get(i));
            }
        }
    }

    /** A write of the state, run now or once the constructed objects exist. */
    private interface Write {
        void run() throws ReflectiveOperationException;
    }

    /** Runs {@code write} now, or later when its value names a constructed object. */
    private void later(Object json, Write write, List<Write> deferred) throws ReflectiveOperationException {
        int ref = refIndex(json);
        if (ref >= 0 && ref < constructed.length && constructed[ref]) {
            deferred.add(write);
        } else {
            write.run();
        }
    }

    /** The object index a JSON value references, or -1. */
    @SuppressWarnings("unchecked")
    private static int refIndex(Object json) {
        if (json instanceof Map && ((Map<String, Object>) json).get("ref") instanceof Long) {
            return (int) (long) (Long) ((Map<String, Object>) json).get("ref");
        }
        return -1;
    }

    /**
     * Makes object {@code i} by its constructor call, after the constructed
     * objects its arguments name ({@code progress}: 1 while making, 2 made).
     */
    @SuppressWarnings("unchecked")
    private void construct(int i, List<Object> objs, int[] progress) throws ReflectiveOperationException {
        if (progress[i] == 2) {
            return;
        }
        if (progress[i] == 1) {
            throw new Unbuilt(i, "its constructor call needs itself");
        }
        progress[i] = 1;
        Map<String, Object> o = (Map<String, Object>) objs.get(i);
        if ("collection".equals(o.get("built_by"))) {
            objects[i] = collection(i, o, objs, progress);
            made.put(objects[i], i);
            progress[i] = 2;
            return;
        }
        Map<String, Object> call = (Map<String, Object>) o.get("constructor");
        List<Object> args = list(call.get("args"));
        List<Object> setters = list(call.get("setters"));
        List<Object> passed = new java.util.ArrayList<>(args);
        for (Object so : setters) {
            passed.add(((Map<String, Object>) so).get("arg"));
        }
        if (call.get("builder") != null) {
            // A chain started on another object of the state (queue.iterator()).
            passed.add(((Map<String, Object>) ((Map<String, Object>) call.get("builder")).get("start")).get("on"));
        }
        for (Object a : passed) {
            int ref = refIndex(a);
            if (ref >= 0 && ref < constructed.length && constructed[ref]) {
                construct(ref, objs, progress);
            }
        }
        Class<?> c = Reflect.classFor((String) o.get("class"), loader);
        if (call.get("builder") != null) {
            objects[i] = chain(i, c, call, args, setters);
            made.put(objects[i], i);
            progress[i] = 2;
            return;
        }
        if (call.get("constant") != null) {
            objects[i] = constant(i, c, (Map<String, Object>) call.get("constant"));
        } else if (call.get("factory") != null) {
            objects[i] = factory(i, c, call, args);
        } else {
            objects[i] = newInstance(i, c, call, args);
        }
        for (Object so : setters) {
            set(i, c, (Map<String, Object>) so);
        }
        made.put(objects[i], i);
        progress[i] = 2;
    }

    /**
     * JDK collection {@code i} (issue 36), made from its elements as the
     * test makes it: {@code List.of(...)}, {@code new ArrayList<>(...)},
     * {@code Set.of(...)}, {@code new HashSet<>(...)}, {@code Map.of(...)}
     * or a {@code new HashMap<>()} filled by {@code put} (a map's keys and
     * values alternate), {@code new TreeSet<>(...)}, {@code new TreeMap<>()}, {@code new ArrayDeque<>(...)}, {@code new
     * LinkedList<>(...)}, {@code Optional.of(v)} or {@code Optional.empty()}.
     */
    private Object collection(int i, Map<String, Object> o, List<Object> objs, int[] progress)
            throws ReflectiveOperationException {
        List<Object> elements = list(o.get("elements"));
        List<Object> values = new java.util.ArrayList<>();
        for (Object e : elements) {
            int ref = refIndex(e);
            if (ref >= 0 && ref < constructed.length && constructed[ref]) {
                construct(ref, objs, progress);
            }
            try {
                values.add(value(Object.class, e, "element " + values.size() + " of #" + i));
            } catch (Refusal r) {
                throw new Unbuilt(i, r.getMessage());
            }
        }
        String factory = (String) o.get("factory");
        switch (factory) {
            case "list_of":
                try {
                    return List.of(values.toArray());
                } catch (NullPointerException e) {
                    throw new Unbuilt(i, "List.of with a null element");
                }
            case "array_list":
                return new java.util.ArrayList<>(values);
            case "set_of":
                try {
                    return java.util.Set.of(values.toArray());
                } catch (NullPointerException | IllegalArgumentException e) {
                    throw new Unbuilt(i, "Set.of: " + e);
                }
            case "hash_set":
                return new java.util.HashSet<>(values);
            case "linked_hash_set":
                return new java.util.LinkedHashSet<>(values);
            case "map_of": {
                // Keys and values alternate.
                @SuppressWarnings("unchecked")
                Map.Entry<Object, Object>[] entries = new Map.Entry[values.size() / 2];
                try {
                    for (int k = 0; k < entries.length; k++) {
                        entries[k] = Map.entry(values.get(2 * k), values.get(2 * k + 1));
                    }
                    return Map.ofEntries(entries);
                } catch (NullPointerException | IllegalArgumentException e) {
                    throw new Unbuilt(i, "Map.of: " + e);
                }
            }
            case "hash_map":
            case "linked_hash_map":
            case "tree_map": {
                Map<Object, Object> map = factory.equals("hash_map")
                        ? new java.util.HashMap<>()
                        : factory.equals("tree_map")
                        ? new java.util.TreeMap<>()
                        : new java.util.LinkedHashMap<>();
                try {
                    for (int k = 0; k + 1 < values.size(); k += 2) {
                        map.put(values.get(k), values.get(k + 1));
                    }
                } catch (NullPointerException | ClassCastException e) {
                    throw new Unbuilt(i, "TreeMap: " + e);
                }
                return map;
            }
            case "tree_set":
                try {
                    return new java.util.TreeSet<>(values);
                } catch (NullPointerException | ClassCastException e) {
                    throw new Unbuilt(i, "TreeSet: " + e);
                }
            case "array_deque":
                try {
                    return new java.util.ArrayDeque<>(values);
                } catch (NullPointerException e) {
                    throw new Unbuilt(i, "ArrayDeque with a null element");
                }
            case "linked_list":
                return new java.util.LinkedList<>(values);
            case "optional":
                if (values.isEmpty()) {
                    return java.util.Optional.empty();
                }
                try {
                    return java.util.Optional.of(values.get(0));
                } catch (NullPointerException e) {
                    throw new Unbuilt(i, "Optional.of(null)");
                }
            default:
                throw new Refusal("object #" + i + ": no collection factory " + factory);
        }
    }

    /** The object a static final field holds, which must be of class {@code c}. */
    private Object constant(int i, Class<?> c, Map<String, Object> constant) throws ReflectiveOperationException {
        Class<?> owner = Reflect.classFor((String) constant.get("class"), loader);
        Object v = staticValue(i, constant);
        if (!fits(c, v)) {
            throw new Unbuilt(i, owner.getSimpleName() + "." + constant.get("field") + " holds " + shown(v)
                    + ", not a " + c.getName());
        }
        return v;
    }

    /** What the static field {@code k} ({@code class}, {@code field}) holds, for object {@code i}. */
    private Object staticValue(int i, Map<String, Object> k) throws ReflectiveOperationException {
        Class<?> owner = Reflect.classFor((String) k.get("class"), loader);
        try {
            Field f = Reflect.field(owner, (String) k.get("field"));
            f.setAccessible(true);
            return f.get(null);
        } catch (ReflectiveOperationException | RuntimeException | ExceptionInInitializerError e) {
            throw new Unbuilt(i, "reading " + owner.getSimpleName() + "." + k.get("field") + ": " + e);
        }
    }

    /**
     * Whether {@code v} may stand for an object of class {@code c}: of
     * exactly that class, or of any class when {@code c} is abstract (a JDK
     * value type whose factories choose the class).
     */
    private static boolean fits(Class<?> c, Object v) {
        boolean open = java.lang.reflect.Modifier.isAbstract(c.getModifiers());
        return v != null && (v.getClass() == c || (open && c.isInstance(v)));
    }

    /** The object the static factory method {@code call} makes. */
    @SuppressWarnings("unchecked")
    private Object factory(int i, Class<?> c, Map<String, Object> call, List<Object> args)
            throws ReflectiveOperationException {
        Map<String, Object> factory = (Map<String, Object>) call.get("factory");
        Class<?> owner = Reflect.classFor((String) factory.get("class"), loader);
        String name = (String) factory.get("field");
        Class<?>[] types = java.lang.invoke.MethodType
                .fromMethodDescriptorString((String) call.get("descriptor"), loader).parameterArray();
        Object[] values = arguments(i, types, args);
        Object v;
        try {
            java.lang.reflect.Method m = owner.getDeclaredMethod(name, types);
            m.setAccessible(true);
            v = m.invoke(null, values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new Unbuilt(i, owner.getSimpleName() + "." + name + "(...) threw " + e.getCause());
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new Unbuilt(i, owner.getSimpleName() + "." + name + "(...): " + e);
        }
        if (!fits(c, v)) {
            throw new Unbuilt(i, owner.getSimpleName() + "." + name + "(...) made " + shown(v));
        }
        return v;
    }

    /** The values of a call's arguments, for object {@code i}. */
    private Object[] arguments(int i, Class<?>[] types, List<Object> args) throws ReflectiveOperationException {
        if (types.length != args.size()) {
            throw new Unbuilt(i, args.size() + " arguments for a call of " + types.length + " parameters");
        }
        Object[] values = new Object[types.length];
        try {
            for (int k = 0; k < types.length; k++) {
                values[k] = value(types[k], args.get(k), "argument " + k + " of its call");
            }
        } catch (Unbuilt e) {
            throw e;
        } catch (Refusal e) {
            throw new Unbuilt(i, e.getMessage());
        }
        return values;
    }

    /**
     * Object {@code i} made by a chain of calls (issue 34): a builder (or a
     * first object) from its start, each step called on what the previous
     * returned ({@code .maxPrecision(3)}, {@code .withLimit(2)}), then the
     * finishing call ({@code build()}); what it makes must be of exactly
     * class {@code c}.
     */
    @SuppressWarnings("unchecked")
    private Object chain(int i, Class<?> c, Map<String, Object> call, List<Object> args, List<Object> steps)
            throws ReflectiveOperationException {
        Map<String, Object> builder = (Map<String, Object>) call.get("builder");
        Map<String, Object> start = (Map<String, Object>) builder.get("start");
        Class<?> b = Reflect.classFor((String) builder.get("class"), loader);
        Object at;
        switch ((String) start.get("kind")) {
            case "new":
                at = newInstance(i, b, call, args);
                break;
            case "static": {
                Map<String, Object> m = (Map<String, Object>) start.get("method");
                Class<?> owner = Reflect.classFor((String) m.get("class"), loader);
                at = invokeWith(i, owner, null, (String) m.get("field"), (String) call.get("descriptor"), args);
                break;
            }
            case "constant":
                at = staticValue(i, (Map<String, Object>) start.get("constant"));
                break;
            case "on_constant": {
                Map<String, Object> k = (Map<String, Object>) start.get("constant");
                Class<?> owner = Reflect.classFor((String) k.get("class"), loader);
                at = invoke(i, owner, staticValue(i, k), (String) start.get("method"), (String) call.get("descriptor"), null);
                break;
            }
            case "on_object": {
                int on = refIndex(start.get("on"));
                Object receiver = on >= 0 && on < objects.length ? objects[on] : null;
                if (receiver == null) {
                    throw new Unbuilt(i, "no object to call " + start.get("method") + " on");
                }
                at = invokeWith(i, receiver.getClass(), receiver, (String) start.get("method"), (String) call.get("descriptor"), args);
                break;
            }
            default:
                throw new Refusal("object #" + i + ": no builder start " + start.get("kind"));
        }
        for (Object so : steps) {
            Map<String, Object> step = (Map<String, Object>) so;
            Object next = invoke(i, b, at, (String) step.get("method"), (String) step.get("descriptor"), step.get("arg"));
            // A fluent step returns the builder, or a new one (`withX`);
            // a step on another object's product (it.next()) moves it on.
            if (next != null && b.isInstance(next) && !"on_object".equals(start.get("kind"))) {
                at = next;
            }
        }
        Object v = at;
        if (builder.get("finish") != null) {
            v = invoke(i, b, at, (String) builder.get("finish"), (String) builder.get("finish_descriptor"), null);
        }
        if (!fits(c, v)) {
            throw new Unbuilt(i, "the chain made " + shown(v));
        }
        return v;
    }

    /**
     * Calls method {@code name} (of {@code descriptor}, declared in {@code
     * k} or a superclass) on {@code target} (null: a static method) with
     * the one JSON argument {@code arg}, or none when the method has no
     * parameter; what it returns.
     */
    private Object invoke(int i, Class<?> k, Object target, String name, String descriptor, Object arg)
            throws ReflectiveOperationException {
        List<Object> given = new java.util.ArrayList<>();
        if (!descriptor.startsWith("()")) {
            given.add(arg);
        }
        return invokeWith(i, k, target, name, descriptor, given);
    }

    /**
     * Calls method {@code name} as {@link #invoke} does, with the JSON
     * arguments {@code given} (a builder's start, {@code
     * Parameters.builder(32)}).
     */
    private Object invokeWith(int i, Class<?> k, Object target, String name, String descriptor, List<Object> given)
            throws ReflectiveOperationException {
        Class<?>[] types = java.lang.invoke.MethodType.fromMethodDescriptorString(descriptor, loader).parameterArray();
        Object[] values = arguments(i, types, given);
        java.lang.reflect.Method m = null;
        for (Class<?> up = k; up != null && m == null; up = up.getSuperclass()) {
            try {
                m = up.getDeclaredMethod(name, types);
            } catch (NoSuchMethodException e) {
                // declared higher up
            }
        }
        if (m == null) {
            throw new Unbuilt(i, "no method " + name + descriptor + " in " + k.getTypeName());
        }
        try {
            m.setAccessible(true);
            return m.invoke(target, values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new Unbuilt(i, name + "(...) threw " + e.getCause());
        } catch (RuntimeException e) {
            throw new Unbuilt(i, name + "(...): " + e);
        }
    }

    /** Calls setter {@code call} on object {@code i}. */
    private void set(int i, Class<?> c, Map<String, Object> call) throws ReflectiveOperationException {
        invoke(i, c, objects[i], (String) call.get("method"), (String) call.get("descriptor"), call.get("arg"));
    }

    /** A new object of class {@code c} made by the constructor {@code call}. */
    private Object newInstance(int i, Class<?> c, Map<String, Object> call, List<Object> args)
            throws ReflectiveOperationException {
        Class<?>[] types = java.lang.invoke.MethodType
                .fromMethodDescriptorString((String) call.get("descriptor"), loader).parameterArray();
        Object[] values = arguments(i, types, args);
        java.lang.reflect.Constructor<?> k;
        try {
            k = c.getDeclaredConstructor(types);
            k.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new Unbuilt(i, "no constructor " + call.get("descriptor") + " in " + c.getTypeName() + ": " + e);
        }
        try {
            return k.newInstance(values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw new Unbuilt(i, "new " + c.getSimpleName() + "(...) threw " + e.getCause());
        } catch (IllegalArgumentException | InstantiationException e) {
            throw new Unbuilt(i, "new " + c.getSimpleName() + "(...): " + e);
        }
    }

    /**
     * Reads each field constructed object {@code i} lists (the fields the
     * path reads): a reference must be the state's object (else the object
     * is {@link Unbuilt}); a primitive or string value the constructor made
     * is reported ({@link #constructedJson}), and jaut's state takes it,
     * since the replay, not the search, then decides whether the target is
     * met.
     */
    @SuppressWarnings("unchecked")
    private void check(int i, Map<String, Object> o) throws ReflectiveOperationException {
        for (Object fo : list(o.get("fields"))) {
            Map<String, Object> field = (Map<String, Object>) fo;
            Class<?> declaring = Reflect.classFor((String) field.get("declared_in"), loader);
            Field f = Reflect.field(declaring, (String) field.get("name"));
            f.setAccessible(true);
            Object actual = f.get(objects[i]);
            Class<?> type = f.getType();
            boolean value = type.isPrimitive() || (actual instanceof String && type.isAssignableFrom(String.class));
            if (value || actual == null) {
                report(i, f, declaring).append(json(actual)).append('}');
                continue;
            }
            Object expected = value(type, field.get("value"), Reflect.describe(f));
            // An array nothing else holds stands for the copy the
            // constructor made when their contents are equal.
            boolean contents = Boolean.TRUE.equals(field.get("contents")) && expected != null && actual != null
                    && expected.getClass() == actual.getClass()
                    && java.util.Arrays.deepEquals(new Object[] {expected}, new Object[] {actual});
            if (contents) {
                // The capture then reports the copy as the state's array.
                made.remove(expected);
                made.put(actual, refIndex(field.get("value")));
                objects[refIndex(field.get("value"))] = actual;
                continue;
            }
            // An array of values (primitives or strings, or an Object[]
            // holding only strings and nulls: what adder calls such as
            // add("e0") store) the constructor
            // made where the state has null or an array nothing else holds: the state takes the
            // constructor's (reported with its elements, a new object after
            // the state's for a null), and the run decides whether it
            // still meets the goal.
            boolean free = expected == null || Boolean.TRUE.equals(field.get("contents"));
            if (free && actual != null && actual.getClass().isArray()
                    && (actual.getClass().getComponentType().isPrimitive()
                            || actual.getClass().getComponentType() == String.class
                            || onlyTexts(actual))
                    && Array.getLength(actual) <= MAX_ARRAY
                    && (expected == null || expected.getClass() == actual.getClass())) {
                int id;
                if (expected == null) {
                    id = objects.length + extra++;
                } else {
                    id = refIndex(field.get("value"));
                    made.remove(expected);
                    objects[id] = actual;
                }
                made.put(actual, id);
                report(i, f, declaring).append("{\"ref\":").append(id).append("},\"array\":");
                Json.quote(constructedFields, actual.getClass().getComponentType().getName() + "[]");
                constructedFields.append(",\"elements\":[");
                for (int k = 0; k < Array.getLength(actual); k++) {
                    constructedFields.append(k == 0 ? "" : ",").append(json(Array.get(actual, k)));
                }
                constructedFields.append("]}");
                continue;
            }
            // An object the call made itself where the state holds null (a
            // factory's own predicate: SetUtils.difference keeps one it
            // makes): the call, not the test, decides it. jaut's state
            // drops the field, and the run decides whether the goal is met.
            if (expected == null) {
                report(i, f, declaring).append("null,\"made\":");
                Json.quote(constructedFields, actual.getClass().getName());
                constructedFields.append('}');
                continue;
            }
            if (expected != actual) {
                throw new Unbuilt(i, "its constructor leaves " + f.getName() + " = " + shown(actual)
                        + ", the path needs " + shown(expected));
            }
        }
    }

    /** Whether array {@code a} is an {@code Object[]} whose elements are all strings or null. */
    private static boolean onlyTexts(Object a) {
        if (a.getClass() != Object[].class) {
            return false;
        }
        for (Object e : (Object[]) a) {
            if (e != null && !(e instanceof String)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Starts the report of field {@code f} of constructed object {@code i}:
     * what follows is its value.
     */
    private StringBuilder report(int i, Field f, Class<?> declaring) {
        if (constructedFields.length() > 1) {
            constructedFields.append(',');
        }
        constructedFields.append("{\"object\":").append(i).append(",\"name\":");
        Json.quote(constructedFields, f.getName());
        constructedFields.append(",\"declared_in\":");
        Json.quote(constructedFields, declaring.getName());
        return constructedFields.append(",\"value\":");
    }

    /**
     * The values the constructors made in the fields the state lists, as
     * a JSON array of {@code {"object":I,"name":..,"declared_in":..,"value":..}}.
     */
    String constructedJson() {
        return constructedFields + "]";
    }

    /** A primitive, string or null as JSON (a char as its code, non-finite floats by name). */
    private static String json(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String) {
            return Json.quote((String) v);
        }
        if (v instanceof Character) {
            return Integer.toString((Character) v);
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isNaN(d) || Double.isInfinite(d) ? Json.quote(v.toString()) : v.toString();
        }
        return v.toString();
    }

    /** A field's value in a message: a primitive or string as such, an object by its class. */
    private static String shown(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof Character) {
            return String.valueOf(v);
        }
        return v instanceof String ? Json.quote((String) v) : "a " + v.getClass().getName();
    }

    /** Whether {@code c} is one of the eight boxes of primitive values. */
    private static boolean isBox(Class<?> c) {
        return c == Integer.class || c == Long.class || c == Short.class || c == Byte.class
                || c == Character.class || c == Boolean.class || c == Float.class || c == Double.class;
    }

    /**
     * A box made as the JUnit writer's test makes it: by autoboxing, that is
     * {@code valueOf} (JLS 5.1.7), which returns one cached object for the
     * small values; a second object of a cached value is a distinct one, as
     * in the test, so that the replay runs on the very objects the test makes.
     */
    @SuppressWarnings("unchecked")
    private Object box(Class<?> c, Map<String, Object> o, java.util.Set<Object> cached)
            throws ReflectiveOperationException {
        List<Object> fields = list(o.get("fields"));
        if (fields.size() != 1) {
            throw new Refusal("a " + c.getName() + " with " + fields.size() + " fields");
        }
        Map<String, Object> field = (Map<String, Object>) fields.get(0);
        Class<?> primitive = (Class<?>) c.getField("TYPE").get(null);
        Object v = value(primitive, field.get("value"), "the value of a " + c.getName());
        Object boxed = c.getMethod("valueOf", primitive).invoke(null, v);
        if (cached.add(boxed)) {
            return boxed;
        }
        Object distinct = Reflect.UNSAFE.allocateInstance(c);
        Reflect.set(distinct, Reflect.field(c, "value"), v);
        return distinct;
    }

    /** Sets the static fields of the state, initialising their classes first. */
    @SuppressWarnings("unchecked")
    void setStatics(Map<String, Object> state) throws ReflectiveOperationException {
        for (Object so : list(state.get("statics"))) {
            Map<String, Object> s = (Map<String, Object>) so;
            Class<?> c = Class.forName((String) s.get("class"), true, loader);
            Field f = Reflect.field(c, (String) s.get("field"));
            Reflect.set(null, f, value(f.getType(), s.get("value"), Reflect.describe(f)));
        }
    }

    /** The name {@code Class.forName} takes for a type in Java form: {@code int[]} is {@code [I}. */
    static String forName(String name) {
        int dims = 0;
        while (name.endsWith("[]")) {
            dims++;
            name = name.substring(0, name.length() - 2);
        }
        if (dims == 0) {
            return name;
        }
        String element;
        switch (name) {
            case "boolean": element = "Z"; break;
            case "byte": element = "B"; break;
            case "char": element = "C"; break;
            case "short": element = "S"; break;
            case "int": element = "I"; break;
            case "long": element = "J"; break;
            case "float": element = "F"; break;
            case "double": element = "D"; break;
            default: element = "L" + name + ";";
        }
        return "[".repeat(dims) + element;
    }

    /** A JSON value as a value of {@code type} (boxed for primitives). */
    @SuppressWarnings("unchecked")
    Object value(Class<?> type, Object json, String where) {
        if (json instanceof Map && ((Map<String, Object>) json).containsKey("enum")) {
            // An enum constant: the object its class initializer made.
            Map<String, Object> e = (Map<String, Object>) json;
            try {
                Class<?> c = Class.forName((String) e.get("enum"), true, loader);
                Field f = c.getDeclaredField((String) e.get("constant"));
                if (!f.isEnumConstant()) {
                    throw new Refusal(where + ": " + f + " is no enum constant");
                }
                f.setAccessible(true);
                Object constant = f.get(null);
                if (!type.isInstance(constant)) {
                    throw new Refusal(where + ": " + f + " for a " + type.getTypeName());
                }
                return constant;
            } catch (ReflectiveOperationException x) {
                throw new Refusal(where + ": " + x);
            }
        }
        if (json instanceof Map && ((Map<String, Object>) json).containsKey("class_object")) {
            // A Class object: the JVM's one for that class, not initialized
            // (as `Foo.class` leaves it).
            String name = (String) ((Map<String, Object>) json).get("class_object");
            try {
                Class<?> c = Class.forName(forName(name), false, loader);
                if (!type.isInstance(c)) {
                    throw new Refusal(where + ": a Class object for a " + type.getTypeName());
                }
                return c;
            } catch (ClassNotFoundException x) {
                throw new Refusal(where + ": no class " + name);
            }
        }
        if (json instanceof Map && ((Map<String, Object>) json).containsKey("utf16")) {
            // A string with an unpaired surrogate, by its UTF-16 units
            // (no JSON text can carry one as such).
            List<Object> units = list(((Map<String, Object>) json).get("utf16"));
            if (!type.isAssignableFrom(String.class)) {
                throw new Refusal(where + ": a string for a " + type.getTypeName());
            }
            char[] chars = new char[units.size()];
            for (int k = 0; k < chars.length; k++) {
                chars[k] = (char) (long) (Long) units.get(k);
            }
            return new String(chars);
        }
        if (json instanceof Map) {
            Object ref = ((Map<String, Object>) json).get("ref");
            if (!(ref instanceof Long) || (Long) ref < 0 || (Long) ref >= objects.length) {
                throw new Refusal(where + ": reference to no object of the state");
            }
            return objects[(int) (long) (Long) ref];
        }
        if (json == null) {
            if (type.isPrimitive()) {
                throw new Refusal(where + ": null for a " + type);
            }
            return null;
        }
        if (json instanceof Boolean) {
            if (type != boolean.class && !type.isAssignableFrom(Boolean.class)) {
                throw new Refusal(where + ": a boolean for a " + type.getTypeName());
            }
            return json;
        }
        if (json instanceof String) {
            String s = (String) json;
            // Non-finite floats travel as strings (JSON has no NaN).
            if (type == float.class) {
                return Float.valueOf(s);
            }
            if (type == double.class) {
                return Double.valueOf(s);
            }
            if (!type.isAssignableFrom(String.class)) {
                throw new Refusal(where + ": a string for a " + type.getTypeName());
            }
            return new String(s);
        }
        Number n = (Number) json;
        if (type == int.class) {
            return (int) n.longValue();
        } else if (type == long.class) {
            return n.longValue();
        } else if (type == short.class) {
            return (short) n.longValue();
        } else if (type == byte.class) {
            return (byte) n.longValue();
        } else if (type == char.class) {
            return (char) n.longValue();
        } else if (type == boolean.class) {
            return n.longValue() != 0;
        } else if (type == float.class) {
            return n.floatValue();
        } else if (type == double.class) {
            return n.doubleValue();
        }
        throw new Refusal(where + ": a number for a " + type.getTypeName());
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }
}
