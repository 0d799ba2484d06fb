//! The catalog listing: ready tracks newest first, and search.

pub mod routes;
pub mod service;
pub mod store;
