//! Recommendations: item-item neighbours learnt by a background job from co-listens and
//! co-likes, blended per request with the listener's taste and popularity, with fallbacks so
//! that only an empty catalog leaves the panel empty.

pub mod kept;
pub mod neighbours;
pub mod neighbours_store;
pub mod rebuild;
pub mod routes;
pub mod scoring;
pub mod service;
pub mod store;
