use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::get;
use futures_util::StreamExt;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::app::{spawn_app, spawn_app_with};
use crate::helpers::http::{api, assert_api_error};

#[tokio::test]
async fn healthz_answers_while_the_process_is_up() {
    let app = spawn_app().await;

    let response = app.get("/healthz").await;

    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn readyz_follows_the_database() {
    let app = spawn_app().await;
    assert_eq!(app.get("/readyz").await.status(), 200);

    app.db.close().await;

    let response = app.get("/readyz").await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "unavailable");
    // Liveness does not depend on the database.
    assert_eq!(app.get("/healthz").await.status(), 200);
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = spawn_app().await;

    for path in [
        "/api/v1/nothing-here",
        "/api/v2/plans",
        "/api/v1/plans/extra/segments",
    ] {
        let message = assert_api_error(app.get(path).await, 404, "not_found").await;
        assert_eq!(message, "Not found", "{path}");
    }
}

#[tokio::test]
async fn a_wrong_method_on_an_api_route_answers_json_405() {
    let app = spawn_app().await;

    let response = app
        .client
        .delete(app.url("/api/v1/plans"))
        .send()
        .await
        .unwrap();

    assert_api_error(response, 405, "method_not_allowed").await;
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;

    for path in [
        "/",
        "/faq",
        "/assets/index-3f9a1c2b.js",
        "/api/v1/plans",
        "/api/v1/missing",
        "/healthz",
        "/metrics",
    ] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}

#[tokio::test]
async fn hsts_is_sent_only_when_users_reach_the_server_over_https() {
    let plain = spawn_app().await;
    assert!(
        plain
            .get("/")
            .await
            .headers()
            .get("strict-transport-security")
            .is_none()
    );

    let tls = crate::helpers::app::spawn_app_with(|c| {
        c.public_url = Some("https://music.example".into())
    })
    .await;
    assert!(
        tls.get("/")
            .await
            .headers()
            .get("strict-transport-security")
            .is_some()
    );
}

#[tokio::test]
async fn each_response_has_a_request_id_and_a_given_one_is_kept() {
    let app = spawn_app().await;

    let generated = app.get("/healthz").await;
    let id = generated.headers()["x-request-id"].to_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID: {id}");

    let given = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "trace-me-123")
        .send()
        .await
        .unwrap();
    assert_eq!(given.headers()["x-request-id"], "trace-me-123");
}

#[tokio::test]
async fn text_responses_are_compressed_when_the_client_accepts_it() {
    let app = spawn_app().await;

    let response = app
        .client
        .get(app.url("/assets/index-3f9a1c2b.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

const METRICS_TOKEN: &str = "metrics-token-for-tests";

#[tokio::test]
async fn metrics_count_requests_by_route_and_status() {
    let app = spawn_app_with(|c| c.metrics_token = Some(METRICS_TOKEN.into())).await;
    app.get("/api/v1/plans").await;
    app.get("/api/v1/plans").await;
    app.get("/api/v1/missing").await;

    let response = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth(METRICS_TOKEN)
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/openmetrics-text")
    );
    let text = response.text().await.unwrap();
    assert!(
        text.contains(
            r#"backbeat_http_requests_total{method="GET",route="/api/v1/plans",status="200"} 2"#
        ),
        "{text}"
    );
    assert!(
        text.contains(
            r#"backbeat_http_requests_total{method="GET",route="/api/{*rest}",status="404"} 1"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#"backbeat_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/plans",status="200"} 2"#),
        "{text}"
    );
}

#[tokio::test]
async fn the_openapi_document_describes_the_api() {
    let app = spawn_app().await;

    let response = app.get("/api/openapi.json").await;

    assert_eq!(response.status(), 200);
    let doc: serde_json::Value = response.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    assert_eq!(doc["info"]["title"], "Backbeat API");
    assert!(doc["paths"]["/api/v1/plans"]["get"].is_object(), "{doc}");
    assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    // Every reference resolves: clients generate their types from this document.
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    assert!(!refs.is_empty());
    for reference in refs {
        let pointer = reference.strip_prefix('#').unwrap_or(&reference);
        assert!(
            doc.pointer(pointer).is_some(),
            "unresolved $ref {reference}"
        );
    }
}

fn collect_refs(value: &serde_json::Value, refs: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner.as_str()) {
                    ("$ref", Some(reference)) => refs.push(reference.to_owned()),
                    _ => collect_refs(inner, refs),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|item| collect_refs(item, refs)),
        _ => {}
    }
}

#[tokio::test]
async fn shutdown_lets_in_flight_requests_finish() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let router = Router::new().route(
        "/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_millis(500)).await;
            "done"
        }),
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(backbeat::http::serve::serve(listener, router, async move {
        let _ = stopped.await;
    }));

    let request = tokio::spawn(async move {
        crate::helpers::http::client()
            .get(format!("http://{address}/slow"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    stop.send(()).unwrap();

    assert_eq!(request.await.unwrap(), "done");
    server.await.unwrap().unwrap();
    assert!(
        crate::helpers::http::client()
            .get(format!("http://{address}/slow"))
            .send()
            .await
            .is_err(),
        "the server stopped accepting"
    );
}

#[tokio::test]
async fn metrics_are_not_served_on_the_public_address_by_default() {
    let app = spawn_app().await;

    let response = app.get("/metrics").await;

    assert_eq!(response.status(), 404);
    assert!(!response.text().await.unwrap().contains("backbeat_http"));
}

#[tokio::test]
async fn metrics_on_the_public_address_need_the_configured_token() {
    let app = spawn_app_with(|c| c.metrics_token = Some(METRICS_TOKEN.into())).await;

    let anonymous = app.get("/metrics").await;
    let wrong = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth("metrics-token-for-testz")
        .send()
        .await
        .unwrap();

    assert_eq!(anonymous.status(), 401);
    assert_eq!(wrong.status(), 401);
}

#[tokio::test]
async fn metrics_can_have_an_address_of_their_own() {
    let app = spawn_app_with(|c| c.metrics_addr = Some("127.0.0.1:0".parse().unwrap())).await;
    app.get("/api/v1/plans").await;

    let public = app.get("/metrics").await;
    let own = app
        .client
        .get(format!("http://{}/metrics", app.metrics_addr.unwrap()))
        .send()
        .await
        .unwrap();

    assert_eq!(public.status(), 404);
    assert_eq!(own.status(), 200);
    assert!(
        own.text()
            .await
            .unwrap()
            .contains("backbeat_http_requests_total")
    );
}

#[tokio::test]
async fn a_request_calling_itself_multipart_gets_the_ordinary_time_limit() {
    let app = spawn_app_with(|c| {
        c.request_timeout_secs = 1;
        c.upload_timeout_secs = 600;
    })
    .await;
    // A body that starts and never ends, sent to a route that reads it (not an upload route).
    let stalled = futures_util::stream::once(async { Ok::<_, std::io::Error>(b"{".to_vec()) })
        .chain(futures_util::stream::pending());

    let response = tokio::time::timeout(
        Duration::from_secs(60),
        app.client
            .post(app.url("/auth/v1/signup"))
            .header("content-type", "multipart/form-data; boundary=x")
            .body(reqwest::Body::wrap_stream(stalled))
            .send(),
    )
    .await
    .expect("answered under the ordinary limit, not the upload limit")
    .unwrap();

    assert_eq!(response.status(), 408);
}

#[tokio::test]
async fn a_client_that_does_not_send_its_request_headers_within_10_s_is_disconnected() {
    let app = spawn_app().await;
    let (_, token) = app.user("Listener").await;
    // A response that lasts (the live event stream), on a connection of its own.
    let events = api(&app, reqwest::Method::GET, "/events", &token)
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), 200);
    let mut events = events.bytes_stream();
    let address = app.address.trim_start_matches("http://").to_owned();
    let slow = tokio::net::TcpStream::connect(&address).await.unwrap();
    let connected = Instant::now();
    let (mut reading, mut writing) = slow.into_split();
    // Slowloris: a request line and headers that never end, a byte every 300 ms.
    let dripping = tokio::spawn(async move {
        let head = b"GET /healthz HTTP/1.1\r\nHost: backbeat.test\r\nX-Slow: ";
        for byte in head.iter().chain(std::iter::repeat(&b'a')) {
            if writing.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    });

    // Meanwhile other connections are served.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(app.get("/healthz").await.status(), 200);
    let mut answer = Vec::new();
    // Closed: an end of file, or a reset.
    let _closed = tokio::time::timeout(Duration::from_secs(30), reading.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection");
    let after = connected.elapsed();

    assert!(
        (Duration::from_secs(10)..Duration::from_secs(14)).contains(&after),
        "closed after {after:?}"
    );
    assert!(
        !String::from_utf8_lossy(&answer).contains("200 OK"),
        "{answer:?}"
    );
    dripping.abort();
    assert_eq!(app.get("/healthz").await.status(), 200);
    // The event stream, past the same time, is still open: the limit is on reading headers.
    loop {
        match tokio::time::timeout(Duration::from_millis(300), events.next()).await {
            Err(_) => break,
            Ok(Some(Ok(_))) => {}
            Ok(other) => panic!("the event stream ended: {other:?}"),
        }
    }
}
