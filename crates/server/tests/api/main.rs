//! Integration tests: the real app on a random port against a fresh database (SQLite, or
//! PostgreSQL with `BACKBEAT_TEST_BACKEND=postgres`).

mod helpers;

mod activity;
mod auth_recovery_mfa;
mod auth_security;
mod auth_sessions;
mod catalog;
mod cli;
mod database;
mod http_basics;
mod jobs;
mod likes;
mod plans;
mod playlists;
mod plays;
mod profiles;
mod recommendations;
mod streaming;
mod upload;
mod web_app;
