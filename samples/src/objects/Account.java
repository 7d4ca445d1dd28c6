package objects;

/** An account whose owner and limit only setters give: its constructor takes the id alone. */
public class Account {
    private final int id;
    private String owner;
    private int limit;

    public Account(int id) {
        this.id = id;
    }

    public void setOwner(String owner) {
        if (owner == null) {
            throw new IllegalArgumentException("no owner");
        }
        this.owner = owner;
    }

    public Account setLimit(int limit) {
        this.limit = limit;
        return this;
    }

    public int getId() {
        return id;
    }

    public String describe() {
        if (owner != null && limit > 1000 && id == 7) {
            return "premium " + owner; // TARGET: premium
        }
        return "basic";
    }
}
