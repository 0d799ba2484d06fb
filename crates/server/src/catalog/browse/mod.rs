//! The catalog listing: ready tracks newest first, and search.

pub mod routes;
pub mod search;
pub mod search_facts;
pub mod search_index;
pub mod search_query;
pub mod service;
pub mod store;
