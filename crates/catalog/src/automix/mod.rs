//! AutoMix: a track split into vocals and accompaniment (its stems), so the player can switch
//! between 'Vocals' and 'Music'. Separated once per track by a durable job in a lane of its own
//! (`job.rs`), with the server's separator (`separator.rs`: the built-in network or an external
//! command); stored and streamed like renditions (`catalog/stems.rs`, read by `streaming/`); how a
//! separation goes reaches the event streams of the users who asked (`live.rs`).

pub mod job;
pub mod live;
pub mod routes;
pub mod separator;
pub mod service;
pub mod status;
pub mod store;
