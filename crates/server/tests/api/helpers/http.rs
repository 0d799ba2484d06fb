//! Requests to `/api/v1` as a signed-in user, the API's JSON error body, and multipart bodies
//! written byte by byte.

use reqwest::{Method, RequestBuilder};
use serde_json::Value;

use super::app::TestApp;

/// A client for requests outside a [`TestApp`] (the app's own is `app.client`).
pub fn client() -> reqwest::Client {
    backbeat::net::use_ring_for_tls();
    reqwest::Client::new()
}

/// A request to `/api/v1{path}` as `token`, to be completed and sent.
pub fn api(app: &TestApp, method: Method, path: &str, token: &str) -> RequestBuilder {
    app.client
        .request(method, app.url(&format!("/api/v1{path}")))
        .bearer_auth(token)
}

/// A request to `/api/v1{path}` as `token`, with a JSON body when given.
pub async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let request = api(app, method, path, token);
    let request = match body {
        Some(body) => request.json(&body),
        None => request,
    };
    request.send().await.expect("request sent")
}

/// A request that must answer `status`; answers its JSON body (null when empty).
pub async fn call_ok(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
    status: u16,
) -> Value {
    let response = call(app, method.clone(), path, token, body).await;
    let actual = response.status().as_u16();
    let text = response.text().await.unwrap();
    assert_eq!(actual, status, "{method} {path}: {text}");
    if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap()
    }
}

/// `GET /api/v1{path}`, which must answer 200; answers its JSON body.
pub async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    call_ok(app, Method::GET, path, token, None, 200).await
}

/// Asserts that a response is the API's JSON error with this status and code; answers its
/// message.
pub async fn assert_api_error(response: reqwest::Response, status: u16, code: &str) -> String {
    assert_eq!(response.status().as_u16(), status, "status");
    let body: Value = response.json().await.expect("JSON error body");
    assert_eq!(body["code"], code, "code in {body}");
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {body}"))
        .to_owned()
}

/// One part of a multipart body.
pub struct Part {
    pub name: String,
    pub file_name: Option<String>,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

impl Part {
    /// A file part.
    pub fn file(name: &str, file_name: &str, content_type: &'static str, bytes: Vec<u8>) -> Self {
        Self {
            name: name.into(),
            file_name: Some(file_name.into()),
            content_type,
            bytes,
        }
    }
}

/// A multipart body written out by hand, so tests control every byte (file names included);
/// answers the content type and the body.
pub fn multipart(parts: &[Part]) -> (String, Vec<u8>) {
    let boundary = "backbeat-upload-3c9e1a";
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match &part.file_name {
            Some(file_name) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{}\"; filename=\"{file_name}\"\r\n",
                    part.name
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{}\"\r\n", part.name).as_bytes(),
            ),
        }
        body.extend_from_slice(format!("Content-Type: {}\r\n\r\n", part.content_type).as_bytes());
        body.extend_from_slice(&part.bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The value of a header the response must have.
pub fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}
