//! What listeners keep and share: profiles and following (`profiles`), liked tracks and playlists
//! (`library`), friends' activity with its live stream (`activity`) and the home page composed of
//! them (`home`). Built on the catalog's tracks; nothing below it reads a profile page or a
//! playlist.

pub mod activity;
pub mod home;
pub mod library;
pub mod profiles;

mod api;
pub use api::{SocialServices, SocialState, api_router};
