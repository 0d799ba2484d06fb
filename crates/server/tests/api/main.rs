//! Integration tests: the real app on a random port against a fresh database (SQLite, or
//! PostgreSQL with `BACKBEAT_TEST_BACKEND=postgres`).

mod helpers;

mod activity;
mod ads;
mod ads_cli;
mod auth_recovery_mfa;
mod auth_security;
mod auth_sessions;
mod catalog;
mod cli;
mod database;
mod guessing;
mod http_basics;
mod jobs;
mod likes;
mod pagination;
mod payments_sandbox;
mod payments_signature;
mod payments_stripe;
mod payments_webhooks;
mod payouts;
mod payouts_cli;
mod payouts_property;
mod plans;
mod playlists;
mod plays;
mod profiles;
mod recommendations;
mod streaming;
mod two_factor;
mod upload;
mod web_app;
