//! SQL of the Subsonic API: the catalog grouped as Subsonic browses it (artists by name, their
//! albums by name), and what a user keeps beside likes (stars, ratings, the play queue).

pub mod catalog;
pub mod library;

pub use catalog::AlbumRow;
