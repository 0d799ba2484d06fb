//! Follows: who follows whom, with the counts profiles show.

pub mod routes;
pub mod service;
pub mod store;
