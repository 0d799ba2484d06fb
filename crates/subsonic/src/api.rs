//! What this crate serves: `/rest/{endpoint}` (and `{endpoint}.view`), GET and form POST, and
//! how a request reaches its endpoint.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Method, header};
use axum::response::Response;
use axum::routing::get;

use crate::context::{Ctx, Reply};
use crate::endpoints;
use crate::protocol::credentials::authenticate;
use crate::protocol::format::{self, Format};
use crate::protocol::{Params, SubsonicError};
use crate::state::SubsonicState;
use backbeat_core::http::client_ip::ClientIp;

/// `/rest/{endpoint}`: the Subsonic API.
pub fn router() -> Router<SubsonicState> {
    Router::new().route("/rest/{endpoint}", get(rest).post(rest))
}

/// Every Subsonic request: its parameters (query, then a form body), the format it asked
/// for, who it is (but for `getOpenSubsonicExtensions`), then the endpoint's answer.
async fn rest(
    State(state): State<SubsonicState>,
    Path(endpoint): Path<String>,
    ClientIp(ip): ClientIp,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Response {
    let is_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let form = (method == Method::POST && is_form).then_some(&body[..]);
    let params = Params::parse(query.as_deref(), form);
    let format = Format::of(&params);
    let name = endpoint
        .strip_suffix(".view")
        .unwrap_or(&endpoint)
        .to_owned();
    if name == "getOpenSubsonicExtensions" {
        return format::ok(&format, Some(endpoints::system::extensions()));
    }
    let services = state.services();
    let user = match authenticate(&services.auth, &params, ip).await {
        Ok(user) => user,
        Err(error) => return format::failed(&format, &error),
    };
    let ctx = Ctx {
        services,
        user,
        params,
        headers,
        method,
    };
    match endpoints::dispatch(&ctx, &name).await {
        Ok(Reply::Node(node)) => format::ok(&format, node),
        Ok(Reply::Raw(response)) => response,
        Err(error) => failed(&format, &error),
    }
}

fn failed(format: &Format, error: &SubsonicError) -> Response {
    format::failed(format, error)
}
