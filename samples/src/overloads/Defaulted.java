package overloads;

import java.util.Map;

/**
 * A map read with a default, made by one of two factories that javac
 * cannot tell apart for erased arguments: {@code withDefault((Map) null,
 * (Supplier) null)} is ambiguous with the generic {@code withDefault(Map<K,
 * V>, V)} (as commons-collections4's {@code DefaultedMap.defaultedMap}).
 * {@link #scramble} keeps a cover run busy long after the factories are
 * covered, so that a test can stop it there.
 */
public class Defaulted<K, V> {
    /** Makes the default value of a missing key. */
    public interface Supplier<T> {
        T make();
    }

    /** A supplier of one value. */
    public static final class Constant<T> implements Supplier<T> {
        private final T value;

        public Constant(T value) {
            this.value = value;
        }

        @Override
        public T make() {
            return value;
        }
    }

    private final Map<K, V> map;
    private final Supplier<? extends V> supplier;

    private Defaulted(Map<K, V> map, Supplier<? extends V> supplier) {
        this.map = map;
        this.supplier = supplier;
    }

    /** A map whose missing keys read as {@code value}. */
    public static <K, V> Defaulted<K, V> withDefault(Map<K, V> map, V value) {
        if (map == null) {
            throw new NullPointerException("map");
        }
        return new Defaulted<>(map, new Constant<>(value));
    }

    /** A map whose missing keys read as what {@code supplier} makes. */
    public static <K, V> Defaulted<K, V> withDefault(Map<K, V> map, Supplier<? extends V> supplier) {
        if (supplier == null) {
            throw new IllegalArgumentException("supplier must not be null");
        }
        if (map == null) {
            throw new NullPointerException("map");
        }
        return new Defaulted<>(map, supplier);
    }

    /** The value of {@code key}, or the default when the map has none. */
    public V get(K key) {
        if (map.containsKey(key)) {
            return map.get(key);
        }
        return supplier.make();
    }

    /** A hash no search inverts in time. */
    public static int scramble(int seed) {
        int h = seed;
        for (int i = 0; i < 40; i++) {
            h = h * 0x9E3779B1 + (h >>> 15);
        }
        if (h == 0x2545F491) {
            return 1;
        }
        return 0;
    }
}
