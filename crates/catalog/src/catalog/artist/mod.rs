//! An artist's page: top tracks, albums and the profile of that name.

pub mod routes;
pub mod service;
pub mod store;
