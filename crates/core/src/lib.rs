//! The ground every other crate of the server stands on, knowing no product concern: the error
//! catalogue (`errors`), the database on SQLite or PostgreSQL with its macros (`db`, [`on_db!`],
//! [`on_tx!`]), the HTTP building blocks of `/api/v1` (`http`: the error body, extractors, the
//! OpenAPI base, probes, metrics, security headers, serving connections), what a web link is
//! (`net`), signed links (`signing`), values kept for a minute (`cache`), ids, money and statuses as types (`ids`, `money`, `text_enum`), limits kept in the
//! database (`rate_limits`), the shutdown signal and plain-text tables for the command line.
//! docs/ARCHITECTURE.md draws the crates.

pub mod cache;
pub mod db;
pub mod errors;
pub mod http;
pub mod ids;
pub mod money;
pub mod net;
pub mod rate_limits;
pub mod shutdown;
pub mod signing;
pub mod text_enum;
pub mod text_table;
