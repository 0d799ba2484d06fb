-- PostgreSQL only (its GIN index stops collecting new entries in a pending list, see
-- migrations/postgres). SQLite's FTS5 index is merged by housekeeping (search_index.rs).
SELECT 1;
