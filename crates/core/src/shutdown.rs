//! The server's stop signal, for what lasts as long as the server (event streams, event relays,
//! job workers), so that a graceful shutdown never waits on a response that would not end by
//! itself.

use std::sync::Arc;

use tokio::sync::watch;

/// Tells what lasts as long as the server (event streams, event relays) that it is stopping,
/// so that graceful shutdown never waits on a response that would not end by itself.
#[derive(Clone, Debug)]
pub struct Shutdown(Arc<watch::Sender<bool>>);

impl Default for Shutdown {
    fn default() -> Self {
        Self(Arc::new(watch::channel(false).0))
    }
}

impl Shutdown {
    pub fn trigger(&self) {
        self.0.send_replace(true);
    }

    /// Completes once the server is stopping (at once if it already is).
    pub async fn stopped(&self) {
        let mut stopping = self.0.subscribe();
        // Fails only when the sender is gone, and `self` holds it.
        let _ = stopping.wait_for(|stopping| *stopping).await;
    }
}
