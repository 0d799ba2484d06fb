//! The layers the API tests share, so that no test file imports another:
//!
//! - [`app`]: the real app on a random port against a fresh database, and what it stored;
//! - [`automix`]: fake stem separators and the stems API;
//! - [`http`]: requests to `/api/v1` and the API's error body;
//! - [`events`]: the live event stream, read as the web app reads it;
//! - [`auth`]: accounts, sessions, mail links and two-factor codes through `/auth/v1`;
//! - [`seed`]: catalog and listening data, stored through the app's own functions or its API;
//! - [`payments`]: the sandbox app, signed webhook events, the subscription as shown;
//! - [`payouts`]: balances credited through the ledger, withdrawal requests, the ledger check;
//! - [`paypal`]: a loopback fake of the PayPal Payouts endpoints;
//! - [`stripe`]: a loopback fake of the Stripe endpoints the server calls;
//! - [`media`]: generated audio and images, and the upload form;
//! - [`node`]: `backbeat serve` as a process of its own on a test app's database, to kill;
//! - [`s3`]: an S3-protocol server on loopback, for media on S3;
//! - [`cluster`]: nodes as processes sharing PostgreSQL, the S3 server and one set of keys;
//! - [`subsonic`]: app passwords and requests to `/rest` as a Subsonic app sends them.

pub mod app;
pub mod auth;
pub mod automix;
pub mod cli;
pub mod cluster;
pub mod events;
pub mod http;
pub mod media;
pub mod node;
pub mod payments;
pub mod payouts;
pub mod paypal;
pub mod s3;
pub mod seed;
pub mod stripe;
pub mod subsonic;

mod postgres;
