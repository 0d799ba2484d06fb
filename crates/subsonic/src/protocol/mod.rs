//! The Subsonic protocol: parameters, credentials, the answer model and its two formats.

pub mod credentials;
pub mod error;
pub mod format;
pub mod node;
pub mod params;

pub use error::{Code, SubsonicError, SubsonicResult};
pub use node::Node;
pub use params::Params;
