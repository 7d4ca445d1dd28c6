    /** The value of field {@code name} of {@code declaring} in {@code target}. */
    private static Object getField(Object target, Class<?> declaring, String name) throws Exception {
        java.lang.reflect.Field f = field(declaring, name);
        f.setAccessible(true);
        return f.get(target);
    }
