//! Tracks and listening to them: the catalog (upload and processing, lists and search, the track
//! and artist pages), plays (history, counting, the artist's credit), streaming (renditions,
//! signed URLs, ranges), AutoMix (stems and the separation job) and recommendations. One crate,
//! because these concerns read each other's rules in both directions of a play: a play reads the
//! track, credits the ledger and feeds the recommendations; a stream reads the track's renditions
//! and stems.

pub mod automix;
pub mod catalog;
pub mod plays;
pub mod recommendations;
pub mod streaming;

mod api;
pub use api::{CatalogServices, CatalogState, api_router};
