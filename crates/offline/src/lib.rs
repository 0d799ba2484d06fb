//! Offline listening, what Basic and Premium pay for: download grants within the plan's allowance
//! (`grants/`: Free none, Basic 10 hours of audio, Premium unlimited, in the plan's quality through
//! the catalog's signed stream URLs; a check-in ends what the plan no longer allows), and the
//! plays made offline, counted when they reach the server under the rules of online plays at the
//! time they were made (`offline_plays/`). Its own crate above the catalog: it reads tracks,
//! streams and the rules of plays, and nothing below reads it.

pub mod batch;
pub mod grants;
pub mod offline_plays;

mod api;
pub use api::{OfflineServices, OfflineState, api_router};
