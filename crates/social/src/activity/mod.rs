//! Friends activity: the latest listens of the people a user follows, and the live stream
//! (`GET /events`) that shows their plays as they start, on whichever instance they happen.

mod live_event;
pub mod routes;
pub mod service;
pub mod store;
