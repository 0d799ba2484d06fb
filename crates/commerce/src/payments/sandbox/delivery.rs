//! Sends the sandbox's events to `POST /api/v1/webhooks/sandbox` on the server's own address, as
//! Stripe sends its own: signed at sending time, one after the other in the order they were
//! written, from a background task, each retried with a doubling wait when the endpoint does not
//! answer 2xx. An event that still fails stays recorded as undelivered and is sent again when
//! the server next starts.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use super::store;
use crate::payments::signature;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::shutdown::Shutdown;

/// Attempts of one delivery, and the wait after the first failure (doubling after each).
const ATTEMPTS: u32 = 5;
const FIRST_RETRY: Duration = Duration::from_millis(500);

#[derive(Clone)]
pub struct Delivery(Arc<Parts>);

struct Parts {
    db: Db,
    http: reqwest::Client,
    secret: Vec<u8>,
    /// The webhook URL, known once the server listens.
    endpoint: OnceLock<String>,
    shutdown: Shutdown,
}

/// The webhook endpoint of a server bound to `addr` (loopback when bound to every interface).
fn endpoint(addr: SocketAddr) -> String {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    format!(
        "http://{}/api/v1/webhooks/sandbox",
        SocketAddr::new(ip, addr.port())
    )
}

impl Delivery {
    pub fn new(db: Db, http: reqwest::Client, secret: Vec<u8>, shutdown: Shutdown) -> Self {
        Self(Arc::new(Parts {
            db,
            http,
            secret,
            endpoint: OnceLock::new(),
            shutdown,
        }))
    }

    /// Delivers to the server on `addr` from now on, starting with what is undelivered.
    pub fn start(&self, addr: SocketAddr) {
        if self.0.endpoint.set(endpoint(addr)).is_err() {
            return;
        }
        let delivery = self.clone();
        tokio::spawn(async move {
            match store::pending_events(&delivery.0.db).await {
                Ok(pending) => delivery.deliver_all(pending).await,
                Err(err) => {
                    tracing::warn!(error = %err, "cannot read the sandbox's pending events")
                }
            }
        });
    }

    /// Sends the events (written and committed) in this order, in the background.
    pub fn send(&self, event_ids: Vec<String>) {
        if self.0.endpoint.get().is_none() {
            tracing::debug!("the server is not listening: sandbox events wait for its start");
            return;
        }
        let delivery = self.clone();
        tokio::spawn(async move { delivery.deliver_all(event_ids).await });
    }

    async fn deliver_all(&self, event_ids: Vec<String>) {
        for id in event_ids {
            if let Err(err) = self.deliver(&id).await {
                tracing::warn!(event = id, error = %err, "cannot deliver a sandbox event");
            }
        }
    }

    /// Delivers one event, retrying; Ok also when it was delivered already or gave up.
    async fn deliver(&self, id: &str) -> sqlx::Result<()> {
        let Some(endpoint) = self.0.endpoint.get() else {
            return Ok(());
        };
        let Some(payload) = store::undelivered_payload(&self.0.db, id).await? else {
            return Ok(());
        };
        let mut wait = FIRST_RETRY;
        for attempt in 1..=ATTEMPTS {
            let delivered = self.post(endpoint, &payload).await;
            store::record_attempt(&self.0.db, id, delivered, Timestamp::now()).await?;
            if delivered {
                return Ok(());
            }
            if attempt == ATTEMPTS {
                break;
            }
            tokio::select! {
                () = self.0.shutdown.stopped() => return Ok(()),
                () = tokio::time::sleep(wait) => {}
            }
            wait *= 2;
        }
        tracing::warn!(
            event = id,
            "a sandbox event was not accepted; it is sent again at the next start"
        );
        Ok(())
    }

    async fn post(&self, endpoint: &str, payload: &str) -> bool {
        let signed = signature::sign(
            &self.0.secret,
            Timestamp::now().unix_seconds(),
            payload.as_bytes(),
        );
        let sent = self
            .0
            .http
            .post(endpoint)
            .header(signature::HEADER, signed)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(payload.to_owned())
            .send()
            .await;
        match sent {
            Ok(response) if response.status().is_success() => true,
            Ok(response) => {
                tracing::warn!(status = %response.status(), "the webhook endpoint refused a sandbox event");
                false
            }
            Err(err) => {
                tracing::warn!(error = %err, "cannot reach the webhook endpoint");
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_on_every_interface_is_reached_on_loopback() {
        assert_eq!(
            endpoint("0.0.0.0:8080".parse().unwrap()),
            "http://127.0.0.1:8080/api/v1/webhooks/sandbox"
        );
        assert_eq!(
            endpoint("[::]:8080".parse().unwrap()),
            "http://[::1]:8080/api/v1/webhooks/sandbox"
        );
        assert_eq!(
            endpoint("10.0.0.5:9000".parse().unwrap()),
            "http://10.0.0.5:9000/api/v1/webhooks/sandbox"
        );
    }
}
