//! Playlists: a listener's ordered lists of tracks. A playlist is private (only its owner reads
//! it; to anyone else it is simply not found) or public (any signed-in user reads, plays and
//! follows it). Only the owner changes a playlist; every query that changes one names the owner.

pub mod follows;
pub mod routes;
pub mod service;
pub mod store;
