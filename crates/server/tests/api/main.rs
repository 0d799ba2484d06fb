//! Integration tests: the real app on a random port against a fresh database (SQLite, or
//! PostgreSQL with `BACKBEAT_TEST_BACKEND=postgres`).

mod helpers;

mod activity;
mod ads;
mod ads_cli;
mod artists_cli;
mod auth_recovery_mfa;
mod auth_security;
mod auth_sessions;
mod backup;
mod catalog;
mod cli;
mod cluster;
mod database;
mod guessing;
mod http_basics;
mod jobs;
mod likes;
mod media_s3;
mod overload;
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
mod query_plans;
mod recommendations;
mod recommendations_learning;
mod scale;
mod search;
mod search_input;
mod stems;
mod stems_live;
mod streaming;
mod two_factor;
mod two_nodes;
mod upload;
mod web_app;
