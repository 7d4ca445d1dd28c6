package jaut.harness;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the subclasses made for mocks of abstract classes ({@link
 * MockClass}) call: the answer of a mock's method, from the {@link Mock}
 * registered for that object. Visible to the program's class loader (like
 * {@link Probe}), since the subclasses live there.
 */
public final class MockCalls {
    private static final Map<Object, Mock> MOCKS = new IdentityHashMap<>();

    private MockCalls() {
    }

    static synchronized void register(Object mock, Mock handler) {
        MOCKS.put(mock, handler);
    }

    /**
     * The next answer of method {@code key} (name and descriptor) of mock
     * {@code self}, boxed; the type's default value past the answers.
     */
    public static Object answer(Object self, String key) throws Throwable {
        Mock handler;
        synchronized (MockCalls.class) {
            handler = MOCKS.get(self);
        }
        if (handler == null) {
            throw new IllegalStateException("no answers for a mock of " + self.getClass().getSuperclass().getName());
        }
        return handler.answer(key);
    }
}
