package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The project's own test: it covers one grade. */
class GradesTest {
    @Test
    void ninetyFiveIsAnA() {
        assertEquals("A", Grades.letter(95));
    }
}
