//! Profiles: the public side of a user (name, avatar, bio, social links, plan) and follows.

pub mod routes;
pub mod service;
pub mod store;
