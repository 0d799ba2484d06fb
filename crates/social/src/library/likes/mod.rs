//! Likes: a listener's liked tracks. Liking and unliking are idempotent; the client toggles.

pub mod routes;
pub mod service;
pub mod store;
