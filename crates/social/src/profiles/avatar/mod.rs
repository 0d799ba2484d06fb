//! The avatar of the own profile.

pub mod routes;
pub mod service;
pub mod store;
