//! The layers the API tests share, so that no test file imports another:
//!
//! - [`app`]: the real app on a random port against a fresh database, and what it stored;
//! - [`http`]: requests to `/api/v1` and the API's error body;
//! - [`events`]: the live event stream, read as the web app reads it;
//! - [`auth`]: accounts, sessions, mail links and two-factor codes through `/auth/v1`;
//! - [`seed`]: catalog and listening data, stored through the app's own functions or its API;
//! - [`payments`]: the sandbox app, signed webhook events, the subscription as shown;
//! - [`payouts`]: balances credited through the ledger, withdrawal requests, the ledger check;
//! - [`paypal`]: a loopback fake of the PayPal Payouts endpoints;
//! - [`stripe`]: a loopback fake of the Stripe endpoints the server calls;
//! - [`media`]: generated audio and images, and the upload form.

pub mod app;
pub mod auth;
pub mod events;
pub mod http;
pub mod media;
pub mod payments;
pub mod payouts;
pub mod paypal;
pub mod seed;
pub mod stripe;

mod postgres;
