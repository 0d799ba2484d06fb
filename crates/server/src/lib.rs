//! Backbeat: a self-hostable music platform. Independent artists upload tracks, listeners stream
//! them, artists earn per play. This crate is the whole server; `main.rs` is its command line.
//!
//! Layers, each using only those below it: the composition root (`app`, `state`); the product's
//! concerns (`auth`, `profiles`, `catalog`, `home`, `library`, `plays`, `activity`,
//! `recommendations`, `streaming`, `ads`, `payments`, `plans`, `demo`); the building blocks they
//! share (`audio`, `images`, `jobs`, `events`, `media`, `http`, `db`, `errors`, `config`, `net`,
//! `signing`, `secrets`, `kept_for`, `rate_limits`, `shutdown`, `telemetry`, `text_table`). docs/ARCHITECTURE.md draws them.

pub mod activity;
pub mod ads;
pub mod app;
pub mod audio;
pub mod auth;
pub mod automix;
pub mod catalog;
pub mod config;
pub mod db;
pub mod demo;
pub mod errors;
pub mod events;
pub mod home;
pub mod http;
pub mod images;
pub mod jobs;
pub mod kept_for;
pub mod library;
pub mod media;
pub mod net;
pub mod payments;
pub mod payouts;
pub mod plans;
pub mod plays;
pub mod profiles;
pub mod rate_limits;
pub mod recommendations;
pub mod secrets;
pub mod shutdown;
pub mod signing;
pub mod state;
pub mod streaming;
pub mod telemetry;
pub mod text_table;
