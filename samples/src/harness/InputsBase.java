package harness;

/** The superclass of {@link Inputs}, with a private field it hides. */
public class InputsBase {
    private int hidden;

    protected int baseHidden() {
        return hidden;
    }
}
