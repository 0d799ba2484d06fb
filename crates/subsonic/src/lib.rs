//! The Subsonic API with the OpenSubsonic extensions, so existing Subsonic apps (on phones and
//! desktops) browse, stream and scrobble: `/rest/{endpoint}`, answered in XML or JSON, signed in
//! with an app password (`backbeat-auth`). Backbeat's things map onto Subsonic's: an artist is
//! an artist name of the uploads, an album an artist's tracks of one album name ('Singles'
//! without one), a starred song a like; plays count by the web's rules when an app scrobbles.

pub mod context;
pub mod cover_cache;
pub mod endpoints;
pub mod ids;
pub mod media;
pub mod model;
pub mod protocol;
pub mod state;
pub mod store;

mod api;
pub use api::router;
pub use state::{SubsonicServices, SubsonicState};
