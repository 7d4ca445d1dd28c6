    /** Calls method {@code name} (private ones too); rethrows what it throws. */
    private static Object invoke(Class<?> declaring, String name, Class<?>[] parameterTypes,
            Object target, Object... args) throws Throwable {
        java.lang.reflect.Method m = declaring.getDeclaredMethod(name, parameterTypes);
        m.setAccessible(true);
        try {
            return m.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
