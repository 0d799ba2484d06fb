//! `/auth/v1`: the GoTrue endpoints (reference/gotrue-wire.md, section 3). Handlers are thin:
//! they parse, authenticate and call the service.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::{FromRef, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, Method, StatusCode, header};
use axum::middleware::from_fn;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use tower_http::cors::{AllowOrigin, CorsLayer};

use super::error::{self, AuthError, AuthResult};
use super::service::{AuthService, Authenticated, RequestMeta, SignupOutcome};
use super::wire::{self, Body};
use backbeat_core::http::client_ip::ClientIp;
use backbeat_core::net::ClientAddressRule;
use backbeat_platform::config::Config;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Arc<Config>: FromRef<S>,
    ClientAddressRule: FromRef<S>,
{
    Router::new()
        .route("/signup", post(signup))
        .route("/token", post(token))
        .route("/logout", post(logout))
        .route("/user", get(get_user).put(update_user))
        .route("/recover", post(recover))
        .route("/verify", post(verify))
        .route("/settings", get(settings))
        .route("/factors", post(enroll_factor))
        .route("/factors/{id}", delete(unenroll_factor))
        .route("/factors/{id}/challenge", post(challenge_factor))
        .route("/factors/{id}/verify", post(verify_factor))
        .route("/.well-known/jwks.json", get(jwks))
        .fallback(error::not_found)
        .layer(from_fn(error::negotiate_format))
        .layer(cors())
}

/// Browser clients on other origins (GoTrue clients embedded in other apps) may call the auth
/// API; it authenticates by bearer token, never by cookie.
fn cors() -> CorsLayer {
    let headers = [
        "accept",
        "authorization",
        "content-type",
        "x-client-ip",
        "x-client-info",
        "x-jwt-aud",
        "x-use-cookie",
        "x-supabase-api-version",
        "apikey",
    ]
    .map(HeaderName::from_static);
    CorsLayer::new()
        .allow_origin(AllowOrigin::mirror_request())
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allow_headers(headers)
        .expose_headers([error::API_VERSION_HEADER])
        .allow_credentials(true)
        .max_age(std::time::Duration::from_secs(3600))
}

/// The caller's address and browser, for sessions and rate limits.
pub(super) struct Meta(pub RequestMeta);

impl<S> FromRequestParts<S> for Meta
where
    S: Send + Sync,
    ClientAddressRule: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ClientIp(ip) = ClientIp::from_request_parts(parts, state).await?;
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        Ok(Self(RequestMeta { ip, user_agent }))
    }
}

/// A request with a valid access token of a live session (GoTrue's rules and errors).
struct SignedIn(Authenticated);

impl<S> FromRequestParts<S> for SignedIn
where
    S: Send + Sync,
    Arc<AuthService>: FromRef<S>,
{
    type Rejection = AuthError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let auth = Arc::<AuthService>::from_ref(state);
        Ok(Self(auth.authenticate(&parts.headers).await?))
    }
}

async fn signup(
    State(auth): State<Arc<AuthService>>,
    Meta(meta): Meta,
    Body(body): Body<wire::SignupBody>,
) -> AuthResult<Response> {
    Ok(match auth.signup(body, &meta).await? {
        SignupOutcome::Session(session) => Json(session).into_response(),
        SignupOutcome::Unconfirmed(user) => Json(user).into_response(),
    })
}

#[derive(Deserialize)]
struct GrantQuery {
    grant_type: Option<String>,
}

async fn token(
    State(auth): State<Arc<AuthService>>,
    Query(query): Query<GrantQuery>,
    Meta(meta): Meta,
    Body(body): Body<wire::TokenBody>,
) -> AuthResult<Json<wire::Session>> {
    match query.grant_type.as_deref() {
        Some("password") => Ok(Json(auth.sign_in_with_password(body, &meta).await?)),
        Some("refresh_token") => Ok(Json(auth.refresh(body).await?)),
        _ => Err(AuthError::bad_request(
            "validation_failed",
            "unsupported_grant_type",
        )),
    }
}

#[derive(Deserialize)]
struct ScopeQuery {
    scope: Option<String>,
}

async fn logout(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Query(query): Query<ScopeQuery>,
) -> AuthResult<StatusCode> {
    auth.logout(&user, query.scope.as_deref().unwrap_or("global"))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn get_user(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
) -> AuthResult<Json<wire::User>> {
    Ok(Json(auth.user(&user.user.id).await?))
}

async fn update_user(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Meta(meta): Meta,
    Body(body): Body<wire::UpdateUserBody>,
) -> AuthResult<Json<wire::User>> {
    Ok(Json(auth.update_user(&user, body, &meta).await?))
}

async fn recover(
    State(auth): State<Arc<AuthService>>,
    Meta(meta): Meta,
    Body(body): Body<wire::RecoverBody>,
) -> AuthResult<Json<Value>> {
    auth.recover(body.email, &meta).await?;
    Ok(Json(json!({})))
}

async fn verify(
    State(auth): State<Arc<AuthService>>,
    Meta(meta): Meta,
    Body(body): Body<wire::VerifyBody>,
) -> AuthResult<Json<wire::Session>> {
    Ok(Json(auth.verify(body, &meta).await?))
}

async fn settings(State(auth): State<Arc<AuthService>>) -> Json<Value> {
    let config = auth.config();
    Json(json!({
        "external": {
            "email": true, "phone": false, "anonymous_users": false, "apple": false, "azure": false,
            "bitbucket": false, "discord": false, "facebook": false, "figma": false, "github": false,
            "gitlab": false, "google": false, "keycloak": false, "kakao": false, "linkedin_oidc": false,
            "notion": false, "slack_oidc": false, "spotify": false, "twitch": false, "twitter": false,
            "workos": false, "zoom": false
        },
        "disable_signup": config.disable_signup,
        "mailer_autoconfirm": config.mailer_autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}

async fn enroll_factor(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Body(body): Body<wire::EnrollBody>,
) -> AuthResult<Json<Value>> {
    Ok(Json(auth.enroll_factor(&user, body).await?))
}

async fn challenge_factor(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Meta(meta): Meta,
    Path(id): Path<String>,
) -> AuthResult<Json<Value>> {
    Ok(Json(auth.challenge_factor(&user, &id, &meta).await?))
}

async fn verify_factor(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Meta(meta): Meta,
    Path(id): Path<String>,
    Body(body): Body<wire::FactorVerifyBody>,
) -> AuthResult<Json<wire::Session>> {
    Ok(Json(auth.verify_factor(&user, &id, body, &meta).await?))
}

async fn unenroll_factor(
    State(auth): State<Arc<AuthService>>,
    SignedIn(user): SignedIn,
    Meta(meta): Meta,
    Path(id): Path<String>,
) -> AuthResult<Json<Value>> {
    Ok(Json(auth.unenroll_factor(&user, &id, &meta).await?))
}

async fn jwks(State(auth): State<Arc<AuthService>>) -> impl IntoResponse {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CACHE_CONTROL,
        "public, max-age=600".parse().expect("static header"),
    );
    (headers, Json(auth.keys().jwks().clone()))
}
