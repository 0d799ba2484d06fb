//! App passwords: what Subsonic apps sign in with, since the account's own password is kept
//! only as a hash and token authentication needs the secret itself. Made, listed and revoked
//! by their owner under `/api/v1/me/app-passwords`, kept sealed under the instance secret, and
//! checked on every Subsonic request (`AuthService::verify_app_password`).

pub mod name;
pub mod routes;
pub mod service;
