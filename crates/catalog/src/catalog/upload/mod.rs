//! Uploading a track: the form read as it arrives, the checks, the monthly limit, storing and
//! recording, and the processing job that makes the renditions.

pub mod file_name;
pub mod form;
pub mod limit;
pub mod processing;
pub mod reservations;
pub mod routes;
pub mod service;
pub mod store;
pub mod track_text;
