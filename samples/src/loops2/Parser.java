package loops2;

/**
 * A recursive-descent parser and evaluator of integer expressions over a
 * {@code char[]}: {@code expr := term (('+'|'-') term)*},
 * {@code term := factor (('*'|'/') factor)*},
 * {@code factor := digit+ | '-' factor | '(' expr ')'}. Parentheses make
 * {@code expr}, {@code term} and {@code factor} mutually recursive.
 */
public class Parser {
    private final char[] text;
    private int pos;

    private Parser(char[] text) {
        this.text = text;
    }

    /** The value of the whole text, or -1 when it is not one expression (or divides by zero). */
    public static int evaluate(char[] text) {
        if (text == null || text.length == 0) {
            return -1;
        }
        Parser p = new Parser(text);
        int value = p.expr();
        if (p.pos != text.length) {
            return -1;
        }
        return value;
    }

    private int expr() {
        int value = term();
        while (pos < text.length) {
            char c = text[pos];
            if (c == '+') {
                pos++; // TARGET: plus
                value += term();
            } else if (c == '-') {
                pos++;
                value -= term();
            } else {
                break;
            }
        }
        return value;
    }

    private int term() {
        int value = factor();
        while (pos < text.length) {
            char c = text[pos];
            if (c == '*') {
                pos++;
                value *= factor();
            } else if (c == '/') {
                pos++;
                int divisor = factor();
                if (divisor == 0) {
                    return 0;
                }
                value /= divisor;
            } else {
                break;
            }
        }
        return value;
    }

    private int factor() {
        if (pos >= text.length) {
            return 0;
        }
        char c = text[pos];
        if (c == '-') {
            pos++;
            return -factor();
        }
        if (c == '(') {
            pos++;
            int value = expr();
            if (pos < text.length && text[pos] == ')') {
                pos++; // TARGET: close
            }
            return value;
        }
        int value = 0;
        while (pos < text.length && text[pos] >= '0' && text[pos] <= '9') {
            value = value * 10 + (text[pos] - '0');
            pos++;
        }
        return value;
    }
}
