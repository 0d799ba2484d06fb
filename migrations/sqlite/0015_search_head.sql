-- PostgreSQL only (the popular head of its GIN text index, see migrations/postgres). SQLite's
-- FTS5 pages have their own plans (catalog/browse/search.rs).
SELECT 1;
