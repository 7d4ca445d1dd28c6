package objects;

import java.security.MessageDigest;

/** Like commons-codec's DigestUtils: a digest it is given, of a known algorithm. */
public final class Checksums {
    private Checksums() {
    }

    /** How many hex digits a digest of {@code md} prints. */
    public static int hexLength(MessageDigest md) {
        if ("SHA-1".equals(md.getAlgorithm())) {
            return 40; // TARGET: sha1
        }
        return 64;
    }
}
