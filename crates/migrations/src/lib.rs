//! The database's migrations, one folder per backend (`migrations/sqlite`, `migrations/postgres`
//! at the repository's root), embedded in the binary. Its build script alone watches the
//! folders, so a new migration is picked up without a clean build.

use sqlx::migrate::Migrator;

/// SQLite's migrations.
pub static SQLITE: Migrator = sqlx::migrate!("../../migrations/sqlite");
/// PostgreSQL's migrations.
pub static POSTGRES: Migrator = sqlx::migrate!("../../migrations/postgres");
