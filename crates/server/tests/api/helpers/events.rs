//! The live event stream `GET /api/v1/events`, read as the web client reads it (fetch with a
//! bearer header): friends' plays, plan changes.

use std::pin::Pin;
use std::time::Duration;

use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use serde_json::Value;

use super::app::TestApp;

/// How long a test waits for an event that must come.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// `GET /api/v1/events`, read as the web client reads it (fetch with a bearer header).
pub struct EventStream {
    /// The raw body, for tests of how the stream ends.
    pub body: Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>> + Send>>,
    buffer: String,
}

impl EventStream {
    pub async fn open(app: &TestApp, token: &str) -> Self {
        let response = app
            .client
            .get(app.url("/api/v1/events"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let content_type = response.headers()["content-type"].to_str().unwrap();
        assert!(
            content_type.starts_with("text/event-stream"),
            "{content_type}"
        );
        Self {
            body: Box::pin(response.bytes_stream()),
            buffer: String::new(),
        }
    }

    /// The next named event (comments skipped): its name and its JSON data.
    pub async fn next_event(&mut self) -> (String, Value) {
        tokio::time::timeout(PATIENCE, async {
            loop {
                if let Some(end) = self.buffer.find("\n\n") {
                    let block: String = self.buffer.drain(..end + 2).collect();
                    let field = |name: &str| {
                        block
                            .lines()
                            .find_map(|line| line.strip_prefix(name))
                            .map(str::trim_start)
                            .map(str::to_owned)
                    };
                    if let (Some(event), Some(data)) = (field("event:"), field("data:")) {
                        return (event, serde_json::from_str(&data).unwrap());
                    }
                    continue;
                }
                let chunk = self
                    .body
                    .next()
                    .await
                    .expect("the stream is open")
                    .expect("the stream reads");
                self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
            }
        })
        .await
        .expect("an event arrives in time")
    }

    /// Whether the server ends the stream in time.
    pub async fn ends(&mut self) -> bool {
        tokio::time::timeout(PATIENCE, async {
            while let Some(chunk) = self.body.next().await {
                if chunk.is_err() {
                    break;
                }
            }
        })
        .await
        .is_ok()
    }
}
