//! Bytes rather than elements: streams and downloads (the plan's quality, byte ranges, served
//! as the web's streams are) and cover art at the size asked.

pub mod covers;
pub mod stream;
