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
        (name = "playlists", description = "The signed-in user's own playlists"),
        (name = "listening", description = "Plays, friends activity with its live event \
            stream, and recommendations"),
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
