//! Backbeat: a self-hostable music platform. Independent artists upload tracks, listeners stream
//! them, artists earn per play. This crate is the whole server; `main.rs` is its command line.

pub mod app;
pub mod audio;
pub mod auth;
pub mod catalog;
pub mod config;
pub mod db;
pub mod events;
pub mod http;
pub mod jobs;
pub mod listening;
pub mod media;
pub mod plans;
pub mod profiles;
pub mod streaming;
pub mod telemetry;
