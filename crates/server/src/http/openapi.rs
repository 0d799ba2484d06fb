//! The OpenAPI document of `/api/v1`, generated from the handlers with utoipa. The web app's
//! typed client is generated from it (`make gen`).

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use super::error::ErrorBody;
use crate::app::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Backbeat API",
        description = "The API of Backbeat, a self-hostable music platform. Errors are JSON \
            `{\"error\": \"<message for the user>\", \"code\": \"<machine code>\"}`."
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerAuth),
    tags(
        (name = "plans", description = "Subscription plans and what they allow"),
        (name = "profiles", description = "Own and public profiles, avatars and follows"),
        (name = "tracks", description = "Uploading tracks, the catalog, artists and the home page"),
        (name = "streaming", description = "Signed stream URLs and audio with HTTP ranges"),
        (name = "likes", description = "Liked tracks"),
        (name = "playlists", description = "The signed-in user's own playlists"),
        (name = "listening", description = "Plays, friends activity with its live event \
            stream, and recommendations")
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

/// Every `/api/v1` route, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest(
        "/api/v1",
        OpenApiRouter::new()
            .merge(crate::plans::routes::router())
            .merge(crate::profiles::routes::router())
            .merge(crate::catalog::routes::router())
            .merge(crate::streaming::routes::router())
            .merge(crate::listening::router()),
    )
}

/// The OpenAPI document, without building an app (for `backbeat openapi`).
pub fn document() -> utoipa::openapi::OpenApi {
    api_router().split_for_parts().1
}
