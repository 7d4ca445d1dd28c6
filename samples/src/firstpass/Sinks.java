package firstpass;

import java.io.PrintWriter;

/**
 * Methods that write into what they are given (a {@code StringBuffer}, a
 * {@code PrintWriter}), as commons-cli's {@code HelpFormatter} does: the
 * search has no input builder or writer (it takes them to be null), so
 * only the first pass's seeds, {@code new StringBuffer()} and
 * {@code new PrintWriter(new StringWriter())}, get past the first append.
 * And a public entry whose private helper branches on path characters:
 * the first pass runs only the entry (its tests call the public method),
 * and keeps a run for what it covers in the helper.
 */
public class Sinks {
    public static int appendLine(StringBuffer sb, String text) {
        sb.append('[');
        if (text == null || text.isEmpty()) {
            sb.append("(empty)"); // TARGET: empty
        } else {
            sb.append(text); // TARGET: text
        }
        sb.append(']');
        return sb.length();
    }

    public static boolean printAll(PrintWriter out, String[] lines) {
        out.print("lines:");
        if (lines == null) {
            out.println(" none"); // TARGET: none
            return false;
        }
        for (String line : lines) {
            out.println(line); // TARGET: line
        }
        out.flush();
        return true;
    }

    public static String clean(String path) {
        if (path == null) {
            return null;
        }
        return clean(path, '/');
    }

    private static String clean(String path, char separator) {
        StringBuilder out = new StringBuilder();
        int dots = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '.') {
                dots++;
            } else if (c == separator) {
                if (dots == 2) {
                    out.append("^"); // TARGET: up
                } else if (dots == 1) {
                    out.append("="); // TARGET: here
                }
                out.append(separator);
                dots = 0;
            } else {
                out.append(c);
                dots = 0;
            }
        }
        return out.toString();
    }
}
