package cfgcases;

/**
 * A switch on strings: javac emits a lookupswitch on s.hashCode(), calls to
 * String.equals, then a second (table)switch on the case index. "Aa" and "BB"
 * have the same hash code, so one hash case tests two strings.
 */
public class StringSwitch {

    public static int stringSwitch(String s) {
        switch (s) {
            case "alpha":
                return 1;
            case "beta":
                return 2;
            case "Aa":
                return 3;
            case "BB":
                return 4;
            default:
                return 0;
        }
    }
}
