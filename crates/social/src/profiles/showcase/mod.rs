//! What a profile shows any signed-in user beside its header: the user's public playlists and
//! their ready tracks.

pub mod routes;
pub mod service;
