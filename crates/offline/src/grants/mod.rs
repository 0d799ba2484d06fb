//! Downloads: what a listener may keep for offline listening. A grant is a track the listener
//! downloaded, with its length; the plan bounds their sum (Free none, Basic 10 hours, Premium
//! unlimited: `platform::plans`). A check-in answers what remains granted, after ending what the
//! plan no longer allows, and until when the app may play it without another.

pub mod grant;
pub mod routes;
pub mod rules;
pub mod service;
pub mod store;
