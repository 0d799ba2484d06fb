//! The services the product's concerns share, none of them a concern itself: the configuration
//! (`config`), media storage (`media`), the audio and image pipelines (`audio`, `images`), the
//! durable job queue (`jobs`), events between instances (`events`), the instance's secrets
//! (`secrets`), the plans' numbers (`plans`), a user's profile row as every concern relies on it
//! (`users`: made once, its lock and the lock order) and telemetry.

pub mod audio;
pub mod config;
pub mod events;
pub mod images;
pub mod jobs;
pub mod media;
pub mod plans;
pub mod secrets;
pub mod telemetry;
pub mod users;
