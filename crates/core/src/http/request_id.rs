//! Request ids: a UUID-shaped id per request, unique within the process and unlike any other
//! process's, made without a system call (a random base drawn once, plus a counter), because
//! every request of every stream pays for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::http::{HeaderValue, Request};
use rand::RngCore;
use tower_http::request_id::{MakeRequestId, RequestId};
use uuid::Uuid;

#[derive(Clone, Debug)]
pub struct MakeProcessRequestId {
    base: u128,
    counter: Arc<AtomicU64>,
}

impl Default for MakeProcessRequestId {
    fn default() -> Self {
        let mut bytes = [0; 16];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self {
            base: u128::from_le_bytes(bytes),
            counter: Arc::new(AtomicU64::new(0)),
        }
    }
}

impl MakeProcessRequestId {
    fn next(&self) -> Uuid {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        Uuid::from_u128(self.base.wrapping_add(u128::from(n)))
    }
}

impl MakeRequestId for MakeProcessRequestId {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let id = self.next().hyphenated().to_string();
        HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_differ_within_a_process_and_between_processes() {
        let one = MakeProcessRequestId::default();
        let clone = one.clone();
        let other = MakeProcessRequestId::default();

        let a = one.next();
        let b = clone.next();

        assert_ne!(a, b, "clones share the counter");
        assert_ne!(a, other.next());
        assert_eq!(a.hyphenated().to_string().len(), 36);
    }
}
