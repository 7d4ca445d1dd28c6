package copies;

/**
 * Strings copied from strings and char arrays, and char arrays copied from
 * strings: each copy keeps its characters (src/search/string_copy.rs).
 */
public class Copies {
    /** new String("test") equals "test". */
    public static int copyEquals(int x) {
        String s = new String("test");
        if (s.equals("test") && x == 1) {
            return 1; // TARGET: copyEquals
        }
        return 0;
    }

    /** ... and never differs from it: a proof. */
    public static int copyDiffers(int x) {
        String s = new String("test");
        if (!s.equals("test")) {
            return 1; // TARGET: copyDiffers
        }
        return 0;
    }

    /** toCharArray holds the string's characters. */
    public static int toChars(String s) {
        char[] cs = s.toCharArray();
        if (cs.length == 2 && cs[0] == 'x' && s.charAt(1) == 'y') {
            return 1; // TARGET: toChars
        }
        return 0;
    }

    /** String.valueOf(char[]) holds the array's elements. */
    public static int fromChars(char[] cs) {
        String s = String.valueOf(cs);
        if (s.equals("ab")) {
            return 1; // TARGET: fromChars
        }
        return 0;
    }

    /** The copy is taken when the constructor runs: a later write to the array does not change it. */
    public static int snapshot(int x) {
        char[] cs = new char[2];
        cs[0] = 'o';
        cs[1] = 'k';
        String s = new String(cs);
        cs[0] = 'n';
        if (s.equals("ok") && x == 3) {
            return 1; // TARGET: snapshot
        }
        return 0;
    }

    /** intern() and toString() keep the characters. */
    public static int interned(String s) {
        String t = s.intern().toString();
        if (t.length() == 3 && t.charAt(2) == 'q') {
            return 1; // TARGET: interned
        }
        return 0;
    }
    /** getChars copies a range of the string into the array from an offset; the rest keeps its values. */
    public static int gotChars(String s) {
        char[] cs = new char[4];
        cs[0] = '-';
        s.getChars(1, 3, cs, 1);
        if (cs[0] == '-' && cs[1] == 'o' && cs[2] == 'k' && s.charAt(0) == '[') {
            return 1; // TARGET: gotChars
        }
        return 0;
    }

    /** ... and never writes before its offset: a proof. */
    public static int gotCharsKeepsTheRest(String s) {
        char[] cs = new char[4];
        cs[0] = '-';
        s.getChars(0, s.length(), cs, 1);
        if (cs[0] != '-') {
            return 1; // TARGET: gotCharsKeepsTheRest
        }
        return 0;
    }

    /** String's and StringBuilder's subSequence hold the characters between. */
    public static int subSequences(String s) {
        CharSequence a = s.subSequence(1, 3);
        CharSequence b = new StringBuilder(s).subSequence(0, 1);
        if (a.length() == 2 && a.toString().equals("ab") && b.toString().equals("x")) {
            return 1; // TARGET: subSequences
        }
        return 0;
    }
}
