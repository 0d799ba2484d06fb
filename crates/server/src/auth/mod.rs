//! Accounts and sign-in: a GoTrue-compatible authentication API under `/auth/v1`, so
//! `@supabase/auth-js` and other GoTrue clients work unchanged, and the [`AuthUser`] extractor
//! that guards `/api/v1`.

pub mod error;
mod extract;
mod keys;
mod mail;
mod mfa;
mod password;
mod rate_limit;
mod routes;
mod service;
mod store;
mod tokens;
mod wire;

pub use extract::{AuthUser, guard_api};
pub use keys::Keys;
pub use mail::{Mail, Mailer};
pub use mfa::code_at as totp_code_at;
pub use routes::router;
pub use service::{AuthService, is_valid_email};
