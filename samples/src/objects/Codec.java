package objects;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/** Like commons-codec's Hex: a charset it keeps, and byte buffers it reads. */
public class Codec {
    private final Charset charset;

    public Codec(Charset charset) {
        this.charset = charset;
    }

    public String charsetName() {
        return charset.name(); // TARGET: name
    }

    public static int backing(ByteBuffer buffer) {
        int remaining = buffer.remaining();
        if (buffer.hasArray()) {
            return buffer.array().length - remaining; // TARGET: array
        }
        return -remaining; // TARGET: direct
    }
}
