    /** The JDK's sun.misc.Unsafe, found by reflection (no compile-time dependency). */
    private static Object unsafe() throws Exception {
        java.lang.reflect.Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return f.get(null);
    }
