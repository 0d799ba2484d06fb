//! A track's page: the track, its waveform and loudness, its uploader and Up Next.

pub mod routes;
pub mod service;
pub mod store;
