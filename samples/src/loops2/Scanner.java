package loops2;

/**
 * Loops that switch on each character of a string input, as tokenizers and
 * phonetic encoders do (issue 38, item 5): each case is reached by a short
 * input holding the right characters.
 */
public class Scanner {

    /**
     * Classifies the characters of an arithmetic expression; -1 on a
     * character it does not know.
     */
    public static int classify(String s) {
        int digits = 0;
        int ops = 0;
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '+':
                case '-':
                    ops++;
                    break;
                case '*':
                case '/':
                    ops += 2;
                    break;
                case '(':
                    depth++;
                    break;
                case ')':
                    if (depth == 0) {
                        return -2;                  // TARGET: unbalanced
                    }
                    depth--;
                    break;
                case ' ':
                    break;
                default:
                    if (c >= '0' && c <= '9') {
                        digits++;
                    } else {
                        return -1;                  // TARGET: unknown
                    }
            }
        }
        if (depth != 0) {
            return -3;                              // TARGET: open
        }
        if (ops == 3 && digits == 2) {
            return 1;                               // TARGET: weights
        }
        return 0;
    }

    /**
     * A Soundex-like code: the digit of each consonant group, skipping
     * repeats, at most four.
     */
    public static String encode(String s) {
        StringBuilder out = new StringBuilder();
        char last = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char d;
            switch (c) {
                case 'b': case 'f': case 'p': case 'v':
                    d = '1';
                    break;
                case 'c': case 'g': case 'j': case 'k': case 'q': case 's': case 'x': case 'z':
                    d = '2';
                    break;
                case 'd': case 't':
                    d = '3';
                    break;
                case 'l':
                    d = '4';
                    break;
                case 'm': case 'n':
                    d = '5';
                    break;
                case 'r':
                    d = '6';
                    break;
                default:
                    d = 0;
            }
            if (d != 0 && d != last) {
                out.append(d);
                if (out.length() == 4) {
                    return out.toString();          // TARGET: four
                }
            }
            last = d;
        }
        return out.toString();
    }
}
