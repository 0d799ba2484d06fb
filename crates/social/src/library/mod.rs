//! The library: what a listener keeps. Their liked tracks and their own playlists (the web
//! app's Library shows these beside their uploads).

pub mod likes;
pub mod playlists;
