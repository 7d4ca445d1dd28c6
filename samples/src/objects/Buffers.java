package objects;

import java.nio.ByteBuffer;

/** A parameter of an abstract JDK class that a JUnit test can neither
    mock nor make by a constructor: a state the JVM confirms for it has no
    test, and covers nothing. */
public class Buffers {
    public static int three(ByteBuffer b) {
        if (b.remaining() == 3) {
            return 1; // TARGET: three left
        }
        return 0;
    }
}
