package jaut.harness;

/**
 * An object of the state could not be made by the constructor call the
 * state gives it: the call threw, or the object it made does not hold the
 * state's values in the fields the path reads. jaut then makes that object
 * by reflection (docs/objects.md).
 */
final class Unbuilt extends Refusal {
    private static final long serialVersionUID = 1L;

    /** The object's index in the state. */
    final int object;

    Unbuilt(int object, String message) {
        super(message);
        this.object = object;
    }
}
