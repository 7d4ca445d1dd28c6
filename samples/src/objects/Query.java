package objects;

/**
 * A query made only by its builder ({@code Query.builder().table("t")
 * .limit(5).build()}): its constructor is private, and the builder
 * refuses a negative limit, so no query has one.
 */
public final class Query {
    private final String table;
    private final int limit;

    private Query(Builder b) {
        this.table = b.table;
        this.limit = b.limit;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Whether the query reads one page of a named table. */
    public boolean isPaged() {
        if (limit < 0) {
            return false; // TARGET: negative
        }
        if (table != null && limit > 0 && limit <= 100) {
            return true; // TARGET: paged
        }
        return false;
    }

    /** Collects a query's parts. */
    public static final class Builder {
        private String table;
        private int limit;

        private Builder() {
        }

        /** The table read. */
        public Builder table(String table) {
            this.table = table;
            return this;
        }

        /** At most this many rows; never negative. */
        public Builder limit(int limit) {
            if (limit < 0) {
                throw new IllegalArgumentException("negative limit " + limit);
            }
            this.limit = limit;
            return this;
        }

        /** The query collected. */
        public Query build() {
            return new Query(this);
        }
    }
}
