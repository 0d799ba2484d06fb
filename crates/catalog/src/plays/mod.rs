//! Plays: every playback start by a signed-in listener is written to the listening history,
//! and counted (the track's plays, and what the artist is paid on) by the rules of plays and
//! earnings in [`service`].

pub mod routes;
pub mod service;
pub mod store;
