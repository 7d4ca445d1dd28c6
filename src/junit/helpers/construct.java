    /** Calls a constructor (private ones too); rethrows what it throws. */
    private static Object construct(Class<?> declaring, Class<?>[] parameterTypes, Object... args)
            throws Throwable {
        java.lang.reflect.Constructor<?> c = declaring.getDeclaredConstructor(parameterTypes);
        c.setAccessible(true);
        try {
            return c.newInstance(args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }
