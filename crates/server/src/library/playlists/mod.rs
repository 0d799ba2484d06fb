//! Playlists: a listener's own ordered lists of tracks. Only the owner can read or change a
//! playlist; every query names the owner, so another user's playlist is simply not found.

pub mod routes;
pub mod service;
pub mod store;
