package jaut.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the protocol needs, without a library: objects become
 * {@code Map<String, Object>}, arrays {@code List<Object>}, numbers
 * {@code Long} (integral) or {@code Double}, plus {@code String},
 * {@code Boolean} and null. Output is ASCII only, so it crosses JNI's
 * modified UTF-8 unchanged.
 */
final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        Json p = new Json(text);
        p.space();
        Object v = p.value();
        p.space();
        if (p.i != text.length()) {
            throw p.error("trailing characters");
        }
        return v;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("bad JSON request: " + what + " at offset " + i);
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private void expect(char c) {
        space();
        if (i >= s.length() || s.charAt(i) != c) {
            throw error("expected '" + c + "'");
        }
        i++;
    }

    private Object value() {
        space();
        if (i >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{': {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                space();
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    space();
                    String key = string();
                    expect(':');
                    m.put(key, value());
                    space();
                    char d = s.charAt(i++);
                    if (d == '}') {
                        return m;
                    }
                    if (d != ',') {
                        throw error("expected ',' or '}'");
                    }
                }
            }
            case '[': {
                i++;
                List<Object> l = new ArrayList<>();
                space();
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    space();
                    char d = s.charAt(i++);
                    if (d == ']') {
                        return l;
                    }
                    if (d != ',') {
                        throw error("expected ',' or ']'");
                    }
                }
            }
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", null);
            default:
                return number();
        }
    }

    private Object word(String w, Object v) {
        if (!s.startsWith(w, i)) {
            throw error("unknown word");
        }
        i += w.length();
        return v;
    }

    private Object number() {
        int start = i;
        boolean integral = true;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                integral = false;
            } else if (!(c == '-' || c == '+' || (c >= '0' && c <= '9'))) {
                break;
            }
            i++;
        }
        String t = s.substring(start, i);
        if (t.isEmpty()) {
            throw error("unexpected character");
        }
        try {
            return integral ? (Object) Long.parseLong(t) : (Object) Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw error("bad number " + t);
        }
    }

    private String string() {
        if (s.charAt(i) != '"') {
            throw error("expected a string");
        }
        i++;
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = s.charAt(i++);
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case 'n': b.append('\n'); break;
                case 't': b.append('\t'); break;
                case 'r': b.append('\r'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'u':
                    b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                    break;
                default: b.append(e);
            }
        }
    }

    /** Whether {@code v} holds a UTF-16 surrogate that is not half of a pair. */
    static boolean unpaired(String v) {
        for (int k = 0; k < v.length(); k++) {
            if (unpairedAt(v, k)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the char at {@code k} of {@code v} is a surrogate without its other half. */
    private static boolean unpairedAt(String v, int k) {
        char c = v.charAt(k);
        if (Character.isHighSurrogate(c)) {
            return k + 1 == v.length() || !Character.isLowSurrogate(v.charAt(k + 1));
        }
        return Character.isLowSurrogate(c) && (k == 0 || !Character.isHighSurrogate(v.charAt(k - 1)));
    }

    /**
     * Appends {@code v} as a JSON string literal, ASCII only. An unpaired
     * surrogate, which JSON text cannot carry, is written as U+FFFD (values
     * with one are written as their units instead, by {@link Capture}).
     */
    static void quote(StringBuilder out, String v) {
        out.append('"');
        for (int k = 0; k < v.length(); k++) {
            char c = v.charAt(k);
            if (unpairedAt(v, k)) {
                out.append("\\ufffd");
            } else if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        out.append('"');
    }

    static String quote(String v) {
        StringBuilder b = new StringBuilder();
        quote(b, v);
        return b.toString();
    }
}
