package soundness;

/**
 * The environment of the soundness programs: not a program itself (it has
 * no target). The contract in samples/contracts/soundness.toml says
 * {@link #nondet} returns any int; a real run reads the system property
 * {@code soundness.nondet}, 4242 when unset.
 */
public final class Env {
    private Env() {
    }

    public static int nondet() {
        return Integer.getInteger("soundness.nondet", 4242);
    }
}
