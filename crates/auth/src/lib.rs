//! Accounts and sign-in: a GoTrue-compatible authentication API under `/auth/v1`, so
//! `@supabase/auth-js` and other GoTrue clients work unchanged, and the [`AuthUser`] extractor
//! that guards `/api/v1`.

mod account_routes;
mod api;
mod app_password_secret;
pub mod app_passwords;
pub mod error;
mod extract;
mod keys;
mod mail;
mod password;
mod rate_limit;
mod recovery_code;
mod routes;
mod service;
mod store;
mod tokens;
mod two_factor;
mod wire;

pub use api::{AuthServices, AuthState, api_router, router};
pub use extract::{AuthUser, guard_api};
pub use keys::Keys;
pub use mail::{Mail, Mailer};
pub use service::{AuthService, SecuredAccount, is_valid_email};
pub use two_factor::code_at as totp_code_at;
