//! Backbeat: a self-hostable music platform. Independent artists upload tracks, listeners stream
//! them, artists earn per play. This crate is the composition root: `state` builds the services
//! from the configuration, `app` merges every concern's router and the OpenAPI document and
//! serves them, `demo` seeds the demo catalogue, and `cli` is the command line `main.rs` runs.
//!
//! The server is a workspace of crates, each depending only on those below it (docs/
//! ARCHITECTURE.md draws them): `backbeat-core`, `backbeat-migrations`, `backbeat-web-assets`,
//! `backbeat-platform`, `backbeat-auth`, `backbeat-payouts`, `backbeat-catalog`,
//! `backbeat-social`, `backbeat-commerce`, `backbeat-offline`, `backbeat-subsonic`. Their modules are re-exported here under the names they
//! have inside their crates, so the command line, the demo and the tests name every part from one
//! place (`backbeat::catalog::track`, `backbeat::payouts::ledger`).

pub mod app;
pub mod cli;
pub mod demo;
pub mod state;

pub use backbeat_auth as auth;
pub use backbeat_catalog::{automix, catalog, plays, recommendations, streaming};
pub use backbeat_commerce::{ads, payments};
pub use backbeat_core::{
    cache, db, errors, http, ids, money, net, on_db, on_tx, rate_limits, shutdown, signing,
    text_enum, text_table,
};
pub use backbeat_offline::{grants, offline_plays};
pub use backbeat_payouts as payouts;
pub use backbeat_platform::{
    audio, config, events, images, jobs, media, plans, secrets, telemetry, users,
};
pub use backbeat_social::{activity, home, library, profiles};
pub use backbeat_subsonic as subsonic;
pub use backbeat_web_assets as spa;
