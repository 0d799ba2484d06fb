//! Following other users' public playlists: a follow puts the playlist in the follower's library
//! until they unfollow it, or its owner deletes it or makes it private again.

pub mod routes;
pub mod service;
pub mod store;
