//! Recommendations: a first recommender from listening history and likes, with fallbacks so
//! that only an empty catalog leaves the panel empty.

pub mod routes;
pub mod service;
pub mod store;
