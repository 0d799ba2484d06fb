//! The OpenAPI document of `/api/v1`: what is said of the API as a whole (title, tags, the
//! bearer scheme, the error catalogue). The operations come from the handlers with utoipa, when
//! the composition root merges the concerns' routers. The web app's typed client is generated
//! from the document (`make gen`).

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Backbeat API",
        description = "The API of Backbeat, a self-hostable music platform. Errors are JSON \
            `{\"error\": \"<message for the user>\", \"code\": \"<machine code>\"}`."
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerAuth, &ErrorCatalogue),
    tags(
        (name = "account", description = "Account security: two-factor recovery codes and the \
            \"This wasn't me\" link of security mail (sign-in itself is GoTrue's, under \
            `/auth/v1`)"),
        (name = "plans", description = "Subscription plans and what they allow"),
        (name = "profiles", description = "Own and public profiles, avatars and follows"),
        (name = "tracks", description = "Uploading tracks, the catalog, artists and the home page"),
        (name = "streaming", description = "Signed stream URLs and audio with HTTP ranges"),
        (name = "likes", description = "Liked tracks"),
        (name = "playlists", description = "The signed-in user's own playlists, and the public playlists of others they open and follow"),
        (name = "listening", description = "Plays, friends activity with its live event \
            stream, and recommendations"),
        (name = "offline", description = "Offline listening: what the plan lets the installed \
            app keep downloaded (the check-in, download grants) and the plays made offline"),
        (name = "ads", description = "House ads for free-plan users: serving, impressions and \
            counted clicks"),
        (name = "payments", description = "Checkout of a paid plan at the payment provider, \
            plan changes and cancellation, the subscription, and the provider's webhooks"),
        (name = "payouts", description = "An artist's balance and earnings from counted plays, \
            and withdrawals by PayPal or bank transfer")
    )
)]
struct ApiDoc;

/// Operations marked `security(("bearer" = []))` take the access token of a `/auth/v1` session.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

/// Publishes the error catalogue (`crate::errors`) as the document's `x-error-catalogue`:
/// entry name -> `{code, status, message}`, so clients show the same words without retyping them.
struct ErrorCatalogue;

impl Modify for ErrorCatalogue {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        openapi
            .extensions
            .get_or_insert_with(Default::default)
            .insert("x-error-catalogue".to_owned(), crate::errors::published());
    }
}

/// The document before the operations are added.
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// What every operation can answer beside what its handler documents, added where missing so
/// the document lists every status the API answers: the guard's refusals (a bearer token that
/// does not authenticate; a session that owes its second factor, on every route), malformed
/// input as the extractors refuse it (query, JSON or form bodies), and the busy database.
pub fn complete(document: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::path::ParameterIn;

    for item in document.paths.paths.values_mut() {
        let path_parameters = item.parameters.clone();
        for operation in [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
        {
            let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
            let body_types: Vec<String> = match &operation.request_body {
                Some(RefOr::T(body)) => body.content.keys().cloned().collect(),
                _ => Vec::new(),
            };
            let has_query = operation
                .parameters
                .iter()
                .chain(path_parameters.iter())
                .flatten()
                .any(|p| matches!(p, RefOr::T(p) if p.parameter_in == ParameterIn::Query));
            let mut add = |status: &str, description: &str| {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| error_response(description));
            };
            if signed_in {
                add(
                    "401",
                    "Not signed in, or the session has ended (`unauthorized`, `invalid_session`)",
                );
            }
            add(
                "403",
                "The bearer token's session owes its second factor (`insufficient_aal`)",
            );
            if has_query {
                add("400", "A query parameter is malformed (`invalid_query`)");
            }
            if body_types.iter().any(|t| t == "application/json") {
                add("400", "The body is not valid JSON (`invalid_json`)");
                add("413", "The body is too large (`payload_too_large`)");
                add(
                    "415",
                    "The body is not sent as `application/json` (`unsupported_media_type`)",
                );
                add(
                    "422",
                    "The body does not have the expected fields (`invalid_json`)",
                );
            }
            if body_types.iter().any(|t| t == "multipart/form-data") {
                add("400", "The body is not a valid form (`invalid_multipart`)");
                add("413", "The body is too large (`payload_too_large`)");
            }
            add(
                "503",
                "The server is busy; try again shortly (`overloaded`, with `Retry-After`)",
            );
        }
    }
}

fn error_response(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
        .into()
}
