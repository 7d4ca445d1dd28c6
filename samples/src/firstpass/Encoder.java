package firstpass;

/**
 * A Soundex-like encoder (the shape of commons-codec's {@code Soundex}):
 * its letter mapping is a {@code char[]} field that the constructor sets
 * from a static constant, which {@code <clinit>} makes with
 * {@code toCharArray()}. An instance with every field at its default has
 * a null mapping: {@code encode} then throws at the first letter. jaut's
 * first pass builds the receiver as the constructor would.
 */
public class Encoder {
    public static final String MAPPING_TEXT = "01230120022455012623010202";
    private static final char[] MAPPING = MAPPING_TEXT.toCharArray();
    public static final Encoder SHORT = new Encoder(MAPPING_TEXT, 2);

    private final char[] mapping;
    private int maxLength = 4;

    public Encoder() {
        this.mapping = MAPPING;
    }

    public Encoder(String mapping, int maxLength) {
        this.mapping = mapping.toCharArray();
        this.maxLength = maxLength;
    }

    public int getMaxLength() {
        return maxLength;
    }

    /** The letters' codes, zeros dropped, at most {@code maxLength} of them. */
    public String encode(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length() && out.length() < maxLength; i++) {
            char c = Character.toUpperCase(text.charAt(i));
            if (c < 'A' || c > 'Z') {
                continue;
            }
            char code = mapping[c - 'A'];
            if (code != '0') {
                out.append(code);
            }
        }
        return out.toString();
    }

    /** Both lengths added; -1 without another encoder. */
    public int weight(Encoder other) {
        if (other == null) {
            return -1;
        }
        return other.maxLength + maxLength;
    }
}
