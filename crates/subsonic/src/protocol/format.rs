//! The envelope of every answer, in the format the client asked for: XML unless `f=json`
//! (or `f=jsonp` with a `callback`).

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::error::SubsonicError;
use super::node::Node;
use super::params::Params;

/// The Subsonic API version served.
pub const API_VERSION: &str = "1.16.1";
const XMLNS: &str = "http://subsonic.org/restapi";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Xml,
    Json,
    Jsonp(String),
}

impl Format {
    pub fn of(params: &Params) -> Self {
        match params.get("f") {
            Some("json") => Self::Json,
            Some("jsonp") => match params.get("callback") {
                Some(callback) if is_callback_name(callback) => Self::Jsonp(callback.to_owned()),
                _ => Self::Json,
            },
            _ => Self::Xml,
        }
    }
}

/// A JavaScript identifier path (`cb`, `jQuery123.done`): nothing else is echoed back.
fn is_callback_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// `subsonic-response` with the status, versions and `payload`.
fn envelope(ok: bool, payload: Option<Node>) -> Node {
    let root = Node::new("subsonic-response")
        .attr("status", if ok { "ok" } else { "failed" })
        .attr("version", API_VERSION)
        .attr("type", "backbeat")
        .attr("serverVersion", env!("CARGO_PKG_VERSION"))
        .attr("openSubsonic", true);
    match payload {
        Some(payload) if payload.name.is_empty() => root.merge(payload),
        Some(payload) => root.child(payload),
        None => root,
    }
}

/// An answer with `payload` (none for an empty `ok`).
pub fn ok(format: &Format, payload: Option<Node>) -> Response {
    render(format, &envelope(true, payload))
}

/// An error answer, with HTTP 200.
pub fn failed(format: &Format, error: &SubsonicError) -> Response {
    let error = Node::new("error")
        .attr("code", error.code as i64)
        .attr("message", error.message.clone());
    render(format, &envelope(false, Some(error)))
}

fn render(format: &Format, root: &Node) -> Response {
    let (content_type, body) = match format {
        Format::Xml => (
            "application/xml; charset=utf-8",
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}",
                root.to_xml(Some(XMLNS))
            ),
        ),
        Format::Json => ("application/json", json_text(root)),
        Format::Jsonp(callback) => (
            "application/javascript",
            format!("{callback}({});", json_text(root)),
        ),
    };
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

fn json_text(root: &Node) -> String {
    serde_json::json!({ root.name: root.to_json() }).to_string()
}
