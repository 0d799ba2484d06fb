//! Plays made offline: queued by the app with the time each started and sent when the network
//! returns. Each is recorded once per id the app gave it, and counted under the rules of plays at
//! that time (`catalog::plays::service::record_in`), or refused when it is too old, in the
//! future, or of a track the listener cannot play.

pub mod outcome;
pub mod routes;
pub mod rules;
pub mod service;
pub mod store;
