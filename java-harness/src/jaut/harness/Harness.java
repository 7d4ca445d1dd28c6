package jaut.harness;

import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * The JVM side of jaut's replay: the worker process (jaut's hidden
 * {@code __replay-worker} command) starts the JVM, calls {@link #init} once,
 * then {@link #handle} once per request line, and prints each answer line.
 *
 * <p>A request names a method (class in Java form, name, descriptor), the pcs
 * of its instructions as jaut decoded them, the target pc and an input state.
 * The answer is {@code {"id":N,"observation":{...}}}, {@code {"id":N,
 * "error":"..."}} when the request cannot be replayed (no such class, a state
 * that does not fit the classes), or {@code {"id":N,"fatal":"..."}} when the
 * JVM itself is no longer trustworthy (OutOfMemoryError and other virtual
 * machine errors except StackOverflowError): the worker is then restarted.
 *
 * <p>The call runs on a fresh thread, so a StackOverflowError unwinds inside
 * it and is an ordinary outcome (the exception escaping the method).
 */
public final class Harness {
    private static TargetLoader.Sources sources;
    private static final Map<String, Instrumenter.Result> INSTRUMENTED = new HashMap<>();

    /** The replay under way, for the shutdown hook; id -1 when none. */
    private static volatile long activeId = -1;
    private static volatile List<Object> activePcs;
    private static volatile Object activeTarget;

    private Harness() {}

    /**
     * Reads the program's class path (separated by the platform's path
     * separator) and moves {@code System.out} to the error stream: standard
     * output carries the protocol.
     */
    public static String init(String classPath) {
        PrintStream err = System.err;
        System.setOut(err);
        sources = new TargetLoader.Sources(classPath);
        Runtime.getRuntime().addShutdownHook(new Thread(Harness::exiting, "jaut-exit"));
        warmUp();
        return "ready";
    }

    /**
     * Runs once what every replay needs (ASM, method handles, a thread,
     * the capture) on the harness's own code, so the first replay does not
     * pay for loading it; the worker does this while jaut still searches.
     */
    private static void warmUp() {
        try {
            org.objectweb.asm.ClassWriter w = new org.objectweb.asm.ClassWriter(0);
            w.visit(org.objectweb.asm.Opcodes.V11, org.objectweb.asm.Opcodes.ACC_PUBLIC,
                    "jaut/harness/WarmUp", null, "java/lang/Object", null);
            org.objectweb.asm.MethodVisitor m = w.visitMethod(
                    org.objectweb.asm.Opcodes.ACC_PUBLIC | org.objectweb.asm.Opcodes.ACC_STATIC,
                    "f", "(I)I", null, null);
            m.visitCode();
            m.visitVarInsn(org.objectweb.asm.Opcodes.ILOAD, 0);
            m.visitInsn(org.objectweb.asm.Opcodes.IRETURN);
            m.visitMaxs(1, 1);
            m.visitEnd();
            w.visitEnd();
            Instrumenter.Result r = Instrumenter.instrument(w.toByteArray(), "f", "(I)I");
            Thread t = new Thread(() -> {
                try {
                    MethodHandle h = MethodHandles.privateLookupIn(Json.class, MethodHandles.lookup())
                            .unreflect(Json.class.getDeclaredMethod("quote", String.class));
                    Capture c = new Capture();
                    c.value(new StringBuilder(), Object.class, h.invokeWithArguments(List.of("x")), 0);
                    c.value(new StringBuilder(), Object.class, new int[] {r.instructions}, 0);
                    c.objects();
                } catch (Throwable e) {
                    // Only a warm-up: a real replay will report the problem.
                }
            });
            t.start();
            t.join();
        } catch (Throwable e) {
            // As above.
        }
    }

    public static String handle(String line) {
        long id = -1;
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> request = (Map<String, Object>) Json.parse(line);
            id = ((Number) request.get("id")).longValue();
            return "{\"id\":" + id + ",\"observation\":" + replay(request) + "}";
        } catch (Unbuilt e) {
            return "{\"id\":" + id + ",\"unbuilt\":{\"object\":" + e.object + ",\"why\":"
                    + Json.quote(e.getMessage()) + "}}";
        } catch (Refusal e) {
            return answer(id, "error", e.getMessage());
        } catch (VirtualMachineError e) {
            return answer(id, "fatal", e.toString());
        } catch (Throwable e) {
            return answer(id, "error", describe(e));
        }
    }

    /**
     * The code under test called {@code System.exit}: tells jaut how far the
     * call got, on the protocol stream, before the JVM ends.
     */
    private static void exiting() {
        long id = activeId;
        if (id < 0) {
            return;
        }
        StringBuilder executed = new StringBuilder();
        boolean reached = trace(Probe.trace(), activePcs, activeTarget, executed);
        StringBuilder edges = new StringBuilder();
        edges(Probe.edges(), activePcs, edges);
        String line = "{\"id\":" + id + ",\"exiting\":{\"reached\":" + reached
                + ",\"executed\":[" + executed + "],\"edges\":[" + edges + "]}}\n";
        try {
            java.io.FileOutputStream out = new java.io.FileOutputStream(java.io.FileDescriptor.out);
            out.write(line.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
        } catch (java.io.IOException e) {
            // jaut reports the exit without the trace.
        }
    }

    /**
     * Appends the executed pcs (comma-separated) for a trace of instruction
     * indexes; returns whether the target pc is among them.
     */
    private static boolean trace(boolean[] trace, List<Object> pcs, Object target, StringBuilder executed) {
        boolean reached = false;
        for (int i = 0; i < trace.length && i < pcs.size(); i++) {
            if (!trace[i]) {
                continue;
            }
            long pc = ((Number) pcs.get(i)).longValue();
            if (executed.length() > 0) {
                executed.append(',');
            }
            executed.append(pc);
            if (target instanceof Number && ((Number) target).longValue() == pc) {
                reached = true;
            }
        }
        return reached;
    }

    /** Appends branch outcomes as pc pairs: {@code [from,to],[from,to]}. */
    private static void edges(List<int[]> edges, List<Object> pcs, StringBuilder out) {
        boolean first = true;
        for (int[] e : edges) {
            if (e[0] >= pcs.size() || e[1] >= pcs.size()) {
                continue;
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            out.append('[').append(((Number) pcs.get(e[0])).longValue()).append(',')
                    .append(((Number) pcs.get(e[1])).longValue()).append(']');
        }
    }

    /**
     * Appends what the call ran in the class's other methods, as indexes
     * within each method's own instructions: {@code "others":[{"method",
     * "descriptor", "executed":[i...], "edges":[[from,to]...]}...],} (only
     * the methods that ran), and whether a handler of one was entered
     * ({@code "other_handler":true,}).
     */
    private static void others(Instrumenter.Result instrumented, Call call, StringBuilder out) {
        StringBuilder list = new StringBuilder();
        for (Instrumenter.Other o : instrumented.others) {
            StringBuilder executed = new StringBuilder();
            for (int k = 0; k < o.count && o.offset + k < call.trace.length; k++) {
                if (call.trace[o.offset + k]) {
                    if (executed.length() > 0) {
                        executed.append(',');
                    }
                    executed.append(k);
                }
            }
            if (executed.length() == 0) {
                continue;
            }
            StringBuilder edges = new StringBuilder();
            for (int[] e : call.edges) {
                if (e[0] >= o.offset && e[0] < o.offset + o.count && e[1] >= o.offset && e[1] < o.offset + o.count) {
                    if (edges.length() > 0) {
                        edges.append(',');
                    }
                    edges.append('[').append(e[0] - o.offset).append(',').append(e[1] - o.offset).append(']');
                }
            }
            if (list.length() > 0) {
                list.append(',');
            }
            list.append("{\"method\":");
            Json.quote(list, o.name);
            list.append(",\"descriptor\":");
            Json.quote(list, o.descriptor);
            list.append(",\"instructions\":").append(o.count);
            list.append(",\"executed\":[").append(executed).append("],\"edges\":[").append(edges).append("]}");
        }
        if (list.length() > 0) {
            out.append("\"others\":[").append(list).append("],");
        }
        if (call.otherHandler) {
            out.append("\"other_handler\":true,");
        }
    }

    private static String answer(long id, String kind, String message) {
        return "{\"id\":" + id + ",\"" + kind + "\":" + Json.quote(message) + "}";
    }

    private static String describe(Throwable e) {
        String s = e.toString();
        // JAUT_HARNESS_TRACE: where a harness failure happened (for
        // whoever debugs the harness).
        if (System.getenv("JAUT_HARNESS_TRACE") != null) {
            for (StackTraceElement f : e.getStackTrace()) {
                s += " at " + f;
            }
        }
        if (e.getCause() != null && e.getCause() != e) {
            s += " (caused by " + e.getCause() + ")";
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static String replay(Map<String, Object> request) throws Throwable {
        String className = (String) request.get("class");
        String method = (String) request.get("method");
        String descriptor = (String) request.get("descriptor");
        List<Object> pcs = State.list(request.get("pcs"));
        Object target = request.get("target_pc");
        Map<String, Object> state = (Map<String, Object>) request.get("state");
        if (method.equals("<clinit>")) {
            throw new Refusal("a static initializer cannot be called");
        }

        String key = className + "." + method + descriptor;
        Instrumenter.Result instrumented = INSTRUMENTED.get(key);
        if (instrumented == null) {
            byte[] original = sources.bytes(className);
            if (original == null) {
                throw new Refusal("class " + className + " not found on the class path");
            }
            instrumented = Instrumenter.instrument(original, method, descriptor);
            if (instrumented == null) {
                throw new Refusal("no method " + method + descriptor + " with code in " + className);
            }
            INSTRUMENTED.put(key, instrumented);
        }
        if (instrumented.instructions != pcs.size()) {
            throw new Refusal("the instrumenter counted " + instrumented.instructions
                    + " instructions in " + method + descriptor + ", jaut decoded " + pcs.size());
        }

        TargetLoader loader = new TargetLoader(sources, className, instrumented.bytes);
        Call call = new Call(loader, className, method, descriptor, state, instrumented);
        Thread thread = new Thread(null, call, "jaut-replay", 0);
        thread.setDaemon(true);
        thread.setContextClassLoader(loader);
        // Cleared here too: the shutdown hook may read it before the call
        // thread resets it (System.exit in a static initializer).
        Probe.reset(instrumented.total, instrumented.instructions, instrumented.branches,
                instrumented.handlers);
        Probe.environment(environment(state, pcs));
        activePcs = pcs;
        activeTarget = target;
        activeId = ((Number) request.get("id")).longValue();
        try {
            thread.start();
            thread.join();
        } finally {
            activeId = -1;
            Probe.environment(new HashMap<>());
        }
        if (call.failure != null) {
            throw call.failure;
        }

        StringBuilder out = new StringBuilder("{\"reached\":");
        StringBuilder executed = new StringBuilder();
        boolean reached = trace(call.trace, pcs, target, executed);
        out.append(reached).append(",\"executed\":[").append(executed).append("],");
        out.append("\"edges\":[");
        edges(call.edges, pcs, out);
        out.append("],");
        out.append("\"raised\":[");
        for (int i = call.raised.nextSetBit(0), n = 0; i >= 0 && i < pcs.size(); i = call.raised.nextSetBit(i + 1), n++) {
            if (n > 0) {
                out.append(',');
            }
            out.append(((Number) pcs.get(i)).longValue());
        }
        out.append("],");
        if (call.lastHit >= 0 && call.lastHit < pcs.size()) {
            out.append("\"last\":").append(((Number) pcs.get(call.lastHit)).longValue()).append(',');
        }
        others(instrumented, call, out);
        out.append(call.observed);
        return out.append('}').toString();
    }

    /**
     * The values the state gives the calls to the environment in the method
     * under test (a clock, a random generator), by the index of the call
     * instruction, in the order the calls run.
     */
    @SuppressWarnings("unchecked")
    private static Map<Integer, LinkedList<Object>> environment(Map<String, Object> state, List<Object> pcs)
            throws Refusal {
        Map<Integer, LinkedList<Object>> values = new HashMap<>();
        for (Object o : State.list(state.get("environment"))) {
            Map<String, Object> e = (Map<String, Object>) o;
            long pc = ((Number) e.get("pc")).longValue();
            int index = -1;
            for (int i = 0; i < pcs.size() && index < 0; i++) {
                if (((Number) pcs.get(i)).longValue() == pc) {
                    index = i;
                }
            }
            if (index < 0) {
                throw new Refusal("the state gives a call at pc " + pc + " a value, but no instruction starts there");
            }
            // As the JSON has them, a null string included (which a
            // LinkedList holds and an ArrayDeque does not).
            LinkedList<Object> queue = new LinkedList<>();
            for (Object v : State.list(e.get("values"))) {
                queue.add(v);
            }
            values.put(index, queue);
        }
        return values;
    }

    /** The call under test, on its own thread. */
    private static final class Call implements Runnable {
        private final TargetLoader loader;
        private final String className;
        private final String method;
        private final String descriptor;
        private final Map<String, Object> state;
        private final Instrumenter.Result instrumented;

        Throwable failure;
        boolean[] trace = new boolean[0];
        List<int[]> edges = new ArrayList<>();
        /** The index of the instruction that ran last, when the call threw; else -1. */
        int lastHit = -1;
        /** Where caught exceptions arose (instruction indexes). */
        java.util.BitSet raised = new java.util.BitSet();
        /** Whether a handler of another method of the class was entered. */
        boolean otherHandler;
        String observed;

        Call(TargetLoader loader, String className, String method, String descriptor,
                Map<String, Object> state, Instrumenter.Result instrumented) {
            this.loader = loader;
            this.className = className;
            this.method = method;
            this.descriptor = descriptor;
            this.state = state;
            this.instrumented = instrumented;
        }

        @Override
        public void run() {
            try {
                observed = call();
            } catch (Throwable e) {
                failure = e;
            }
        }

        @SuppressWarnings("unchecked")
        private String call() throws Throwable {
            Class<?> cls;
            try {
                cls = Class.forName(className, true, loader);
            } catch (ExceptionInInitializerError e) {
                throw new Refusal("the static initializer of " + className + " threw " + e.getCause());
            }
            MethodType type = MethodType.fromMethodDescriptorString(descriptor, loader);
            State built = new State(loader, state);
            built.setStatics(state);

            boolean constructor = method.equals("<init>");
            boolean isStatic = false;
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(cls, MethodHandles.lookup());
            MethodHandle handle;
            if (constructor) {
                handle = lookup.findConstructor(cls, type);
            } else {
                Method m;
                try {
                    m = cls.getDeclaredMethod(method, type.parameterArray());
                } catch (NoSuchMethodException e) {
                    throw new Refusal("no method " + method + descriptor + " in " + className);
                }
                if (Modifier.isAbstract(m.getModifiers())) {
                    throw new Refusal(className + "." + method + descriptor + " is abstract");
                }
                isStatic = Modifier.isStatic(m.getModifiers());
                // Special (non-virtual) invocation: the method under test runs even
                // when the receiver's class overrides it.
                handle = isStatic ? lookup.unreflect(m) : lookup.unreflectSpecial(m, cls);
            }
            // A varargs method's handle collects trailing arguments into an
            // array; the state already holds that array (or null), so the
            // handle must take it as it is.
            handle = handle.asFixedArity();

            Class<?>[] params = type.parameterArray();
            List<Object> argsJson = State.list(state.get("args"));
            if (argsJson.size() != params.length) {
                throw new Refusal("the state has " + argsJson.size() + " arguments, "
                        + method + descriptor + " takes " + params.length);
            }
            Object receiver = null;
            List<Object> args = new ArrayList<>();
            if (!isStatic && !constructor) {
                receiver = built.value(cls, state.get("this"), "this");
                if (receiver == null) {
                    throw new Refusal("the state has no receiver for the instance method " + method);
                }
                args.add(receiver);
            }
            Object[] argValues = new Object[params.length];
            for (int i = 0; i < params.length; i++) {
                Map<String, Object> a = (Map<String, Object>) argsJson.get(i);
                argValues[i] = built.value(params[i], a.get("value"), "argument " + i);
                args.add(argValues[i]);
            }

            Probe.reset(instrumented.total, instrumented.instructions, instrumented.branches,
                    instrumented.handlers);
            Object result = null;
            Throwable thrown = null;
            try {
                result = handle.invokeWithArguments(args);
            } catch (Runaway e) {
                thrown = e;
            } catch (StackOverflowError e) {
                thrown = e;
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable e) {
                thrown = e;
            }
            trace = Probe.trace().clone();
            edges = Probe.edges();
            raised = Probe.raised();
            otherHandler = Probe.otherHandlerEntered();
            if (thrown != null) {
                lastHit = Probe.lastHit();
            }
            if (constructor && thrown == null) {
                receiver = result;
            }

            Capture capture = new Capture(built.mocks, built.made);
            StringBuilder out = new StringBuilder("\"ended\":");
            if (Probe.ranAway()) {
                // Whatever escaped, the method did not end by itself.
                out.append("{\"kind\":\"ran_away\",\"steps\":").append(Probe.STEPS).append('}');
            } else if (thrown != null) {
                out.append("{\"kind\":\"threw\",\"class\":");
                Json.quote(out, thrown.getClass().getName());
                out.append(",\"message\":");
                String message = null;
                try {
                    message = thrown.getMessage();
                } catch (Throwable e) {
                    message = null;
                }
                if (message == null) {
                    out.append("null");
                } else {
                    Json.quote(out, message);
                }
                out.append('}');
            } else {
                out.append("{\"kind\":\"returned\"");
                if (type.returnType() != void.class && !constructor) {
                    out.append(",\"value\":");
                    capture.value(out, type.returnType(), result, 0);
                }
                out.append('}');
            }
            if (receiver != null) {
                out.append(",\"receiver_after\":");
                capture.value(out, cls, receiver, 0);
            }
            out.append(",\"args_after\":[");
            for (int i = 0; i < params.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                capture.value(out, params[i], argValues[i], 0);
            }
            out.append("],\"objects\":").append(capture.objects());
            out.append(",\"constructed\":").append(built.constructedJson());
            return out.toString();
        }
    }
}
