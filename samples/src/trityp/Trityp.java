package trityp;

/**
 * The classic triangle-classification program of the test-generation
 * literature (the "trityp" benchmark of the ISSRE 2010 JAUT paper, Sec. VI).
 *
 * Result codes: 1 = scalene, 2 = isosceles, 3 = equilateral,
 * 4 = not a triangle (or an illegal side).
 *
 * The counter {@code tri} encodes which sides are equal:
 * i == j adds 1, i == k adds 2, j == k adds 3. Only the values 0, 1, 2, 3
 * and 6 are possible, so several paths are infeasible (e.g. tri == 4 or
 * tri == 5, or exactly two of the three equalities holding).
 */
public class Trityp {

    public static int trityp(int i, int j, int k) {
        if (i <= 0 || j <= 0 || k <= 0)
            return 4;                       // illegal side
        int tri = 0;
        if (i == j)
            tri = tri + 1;
        if (i == k)
            tri = tri + 2;
        if (j == k)
            tri = tri + 3;
        if (tri == 0) {
            if (i + j <= k || j + k <= i || i + k <= j)
                return 4;                   // no equal sides, not a triangle
            else
                return 1;                   // scalene
        }
        if (tri > 3)
            return 3;                       // equilateral (tri == 6)
        if (tri == 1 && i + j > k)
            return 2;                       // isosceles, i == j
        if (tri == 2 && i + k > j)
            return 2;                       // isosceles, i == k
        if (tri == 3 && j + k > i)
            return 2;                       // isosceles, j == k
        return 4;                           // two equal sides, not a triangle
    }
}
