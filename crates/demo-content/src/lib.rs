//! What the demo catalogue is made of, generated rather than shipped: music (a small
//! synthesizer, `music`), cover art (`art`), and for catalogues at scale the names and titles
//! (`words`) and the plan of who uploads, plays, likes and follows what (`plan`). No database and
//! no HTTP: the `backbeat` binary's `demo` module seeds these through the product's own services.

pub mod art;
pub mod music;
pub mod plan;
pub mod words;
