package credit;

import java.nio.charset.Charset;

/**
 * A constructor that looks its charset up by name: every text but a name
 * the JDK knows makes it throw, so only such a name gives a run JaCoCo
 * credits (issue 33), and only an object that constructor made has a
 * charset for {@code width} to read.
 */
public class Named {
    private final Charset charset;

    public Named(String charsetName) {
        this.charset = Charset.forName(charsetName);
    }

    public int width() {
        return charset.newEncoder().maxBytesPerChar() > 1.0f ? 2 : 1; // TARGET: width
    }
}
