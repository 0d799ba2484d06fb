//! Streaming: which file a listener hears (the plan decides the rendition), short-lived signed
//! URLs for the `<audio>` element, and serving bytes with HTTP ranges so seeking is instant.

pub mod range;
pub mod routes;
pub mod service;
pub mod signature;
pub mod stream_url;

pub use service::Streams;
pub use stream_url::StreamUrl;
