//! The home page (`GET /api/v1/home`): the stat cards and the newest tracks, composed from the
//! catalog, the library and the plans.

pub mod routes;
pub mod service;
