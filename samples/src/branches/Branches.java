package branches;

/**
 * Methods whose blocks a few tests cover while some branch outcomes stay
 * untaken: the acceptance sample of branch targets (issue 15).
 */
public class Branches {
    /** Block coverage needs two tests; branch coverage needs more. */
    public static int both(int a, int b) {
        int x = 0;
        if (a > 0 && b > 0) {
            x = 1;
        }
        if (a == 7 || b == 9) {
            x += 2;
        }
        return x;
    }

    /** Cases sharing a body, and a default. */
    public static String kind(int day) {
        switch (day) {
            case 1:
            case 7:
                return "weekend";
            case 2:
            case 3:
            case 4:
            case 5:
            case 6:
                return "weekday";
            default:
                return "none";
        }
    }

    /** A boolean argument deciding two branches. */
    public static int flags(boolean up, int n) {
        int r = n;
        if (up) {
            r++;
        }
        if (up && n > 10) {
            r *= 2;
        }
        return r;
    }
}
