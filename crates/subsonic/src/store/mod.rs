//! SQL of the Subsonic API: the catalog grouped as Subsonic browses it (artists by name, their
//! albums by name), and what a user keeps beside likes (stars, ratings, the play queue).

pub mod catalog;
pub mod library;
pub mod sync;

pub use catalog::AlbumRow;

/// `$from, $from+1, ...`: the placeholders of a list of `count` values bound from `$from` on.
pub fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
