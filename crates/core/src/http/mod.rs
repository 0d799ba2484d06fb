//! The HTTP layer: routing, the JSON error format, the OpenAPI document, the web app, probes,
//! metrics and the middleware every request passes through.

pub mod client_ip;
pub mod error;
pub mod extract;
pub mod health;
pub mod metrics;
pub mod openapi;
pub mod page;
pub mod request_id;
pub mod security;
pub mod serve;
pub mod state;
pub mod text_schema;
pub mod timeout;
