package nested;

/** A protected member class: public in its class file, protected in source. */
public class Outer {
    protected static class Hidden {
        public int v;
    }
}
