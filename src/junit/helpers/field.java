    /** Field {@code name} of {@code c} or of its nearest superclass declaring one. */
    private static java.lang.reflect.Field field(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }
