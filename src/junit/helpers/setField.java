    /**
     * Sets field {@code name} of {@code declaring} in {@code target} (null for a
     * static field), private and final fields included.
     */
    private static void setField(Object target, Class<?> declaring, String name, Object value)
            throws Exception {
        java.lang.reflect.Field f = field(declaring, name);
        try {
            f.setAccessible(true);
            f.set(target, value);
        } catch (IllegalAccessException | RuntimeException e) {
            // A static final field, or a JDK class closed to reflection: write
            // the field's memory directly.
            Object unsafe = unsafe();
            Class<?> u = unsafe.getClass();
            boolean isStatic = java.lang.reflect.Modifier.isStatic(f.getModifiers());
            Object base = isStatic
                    ? u.getMethod("staticFieldBase", java.lang.reflect.Field.class).invoke(unsafe, f)
                    : target;
            long offset = (Long) u.getMethod(isStatic ? "staticFieldOffset" : "objectFieldOffset",
                    java.lang.reflect.Field.class).invoke(unsafe, f);
            Class<?> t = f.getType();
            String kind = t.isPrimitive()
                    ? Character.toUpperCase(t.getName().charAt(0)) + t.getName().substring(1)
                    : "Object";
            u.getMethod("put" + kind, Object.class, long.class, t.isPrimitive() ? t : Object.class)
                    .invoke(unsafe, base, offset, value);
        }
    }
