//! `GET|PATCH /api/v1/me/profile` and `GET /api/v1/profiles/{id}`. Every write goes to the
//! signed-in user's own profile: no write takes a profile id from the request.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, PublicProfileView};
use super::store::ProfileRow;
use super::{BIO_RULES, ProfileChanges, ProfileInput, social_link_pattern};
use crate::library::playlists::service::Visibility;
use backbeat_auth::AuthUser;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiError, ApiResult, ErrorBody};
use backbeat_core::http::extract;
use backbeat_core::ids::UserId;
use backbeat_platform::media::routes::public_path;
use backbeat_platform::plans::Plan;
use backbeat_platform::users::NAME_RULES;

/// A user's links elsewhere; null when not set.
#[derive(Debug, Serialize, ToSchema)]
pub struct SocialLinks {
    #[schema(required = true)]
    pub twitter: Option<String>,
    #[schema(required = true)]
    pub instagram: Option<String>,
    #[schema(required = true)]
    pub spotify: Option<String>,
}

/// The playlist a profile features, as its card shows it. Other users see it only when it is
/// public; its owner always does.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturedPlaylist {
    pub id: String,
    pub name: String,
    /// A private one shows on the owner's own profile only.
    pub visibility: Visibility,
    pub track_count: i64,
    /// The cover of the playlist's first track; null when it has none.
    #[schema(required = true)]
    pub cover_url: Option<String>,
}

/// The signed-in user's own profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub id: String,
    pub name: String,
    /// Read-only here.
    pub email: String,
    /// Path of the avatar image, e.g. `/media/avatars/{id}/{id}-{millis}.png`; null when none.
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    /// Empty when none.
    pub bio: String,
    pub social_links: SocialLinks,
    pub subscription_plan: Plan,
    pub follower_count: i64,
    pub following_count: i64,
    /// Null when the profile features no playlist.
    #[schema(required = true)]
    pub featured_playlist: Option<FeaturedPlaylist>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// A profile as any signed-in user sees it (no email, no plan).
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicProfile {
    pub id: String,
    pub name: String,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    pub bio: String,
    pub social_links: SocialLinks,
    pub follower_count: i64,
    pub following_count: i64,
    /// Null when the profile features no playlist, or a private one (unless it is the
    /// caller's own profile).
    #[schema(required = true)]
    pub featured_playlist: Option<FeaturedPlaylist>,
    /// The artist names of the user's ready tracks (at most 5, the one with the most tracks
    /// first), each with an artist page at `/artists/{name}`; empty when they have none.
    pub artist_names: Vec<String>,
    /// Whether the caller follows this user.
    pub is_following: bool,
    /// Whether this is the caller's own profile.
    pub is_me: bool,
}

/// A change to the own profile: only the fields present change. `email` and
/// `subscription_plan` cannot be written; any field not listed here is refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileUpdate {
    #[schema(schema_with = name_schema)]
    pub name: Option<String>,
    #[schema(schema_with = bio_schema)]
    pub bio: Option<String>,
    /// Links to change; null leaves all of them unchanged.
    pub social_links: Option<SocialLinksUpdate>,
    /// One of the own playlists to feature, or null to feature none; absent leaves it
    /// unchanged.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub featured_playlist_id: Option<Option<String>>,
}

/// Each link present is set (an absolute http or https URL) or, when null or "", cleared;
/// links absent stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SocialLinksUpdate {
    #[serde(default, deserialize_with = "present")]
    #[schema(schema_with = social_link_schema)]
    pub twitter: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(schema_with = social_link_schema)]
    pub instagram: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(schema_with = social_link_schema)]
    pub spotify: Option<Option<String>>,
}

fn social_link_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .pattern(Some(social_link_pattern()))
        .description(Some(
            "An http:// or https:// URL with a host, at most 2048 characters; null or \"\" \
             clears the link.",
        ))
        .build()
}

fn name_schema() -> Object {
    NAME_RULES.nullable_schema(
        "Display name: trimmed, 1 to 80 characters, no control characters. Null leaves it \
         unchanged.",
    )
}

fn bio_schema() -> Object {
    BIO_RULES.nullable_schema(
        "Trimmed; at most 500 characters, line breaks and tabs but no other control characters; \
         \"\" clears it. Null leaves it unchanged.",
    )
}

/// Tells a field sent as null (`Some(None)`) from a field not sent (`None`, the default).
fn present<'de, D: Deserializer<'de>>(value: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(value).map(Some)
}

fn featured_playlist(row: &ProfileRow) -> Option<FeaturedPlaylist> {
    Some(FeaturedPlaylist {
        id: row.featured_playlist_id.clone()?,
        name: row.featured_playlist_name.clone()?,
        visibility: Visibility::from_stored(row.featured_playlist_visibility.as_deref()?),
        track_count: row.featured_playlist_track_count,
        cover_url: row.featured_playlist_cover_key.as_deref().map(public_path),
    })
}

fn social_links(row: &ProfileRow) -> SocialLinks {
    SocialLinks {
        twitter: row.twitter_url.clone(),
        instagram: row.instagram_url.clone(),
        spotify: row.spotify_url.clone(),
    }
}

impl From<ProfileRow> for Profile {
    fn from(row: ProfileRow) -> Self {
        Self {
            social_links: social_links(&row),
            featured_playlist: featured_playlist(&row),
            avatar_url: row.avatar_key.as_deref().map(public_path),
            subscription_plan: Plan::from_stored(Some(&row.subscription_plan)),
            id: row.id,
            name: row.name,
            email: row.email,
            bio: row.bio,
            follower_count: row.follower_count,
            following_count: row.following_count,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

impl PublicProfile {
    fn new(view: PublicProfileView, viewer_id: &UserId) -> Self {
        let PublicProfileView {
            profile: row,
            is_following,
            artist_names,
        } = view;
        Self {
            artist_names,
            social_links: social_links(&row),
            featured_playlist: featured_playlist(&row),
            avatar_url: row.avatar_key.as_deref().map(public_path),
            is_me: *viewer_id == row.id,
            id: row.id,
            name: row.name,
            bio: row.bio,
            follower_count: row.follower_count,
            following_count: row.following_count,
            is_following,
        }
    }
}

impl ProfileUpdate {
    /// Reads an update from JSON, naming the read-only email before any other complaint.
    fn from_json(body: Value) -> ApiResult<ProfileInput> {
        if body.get("email").is_some() {
            return Err(errors::EMAIL_READ_ONLY.into());
        }
        // An object's fields are never read from an array of their values.
        if body
            .get("social_links")
            .is_some_and(|links| !links.is_object() && !links.is_null())
        {
            return Err(ApiError::detailed(
                errors::UNEXPECTED_JSON,
                "social_links must be an object or null.",
            ));
        }
        let update: Self = serde_json::from_value(body).map_err(|e| {
            ApiError::detailed(
                errors::UNEXPECTED_JSON,
                format!("Failed to deserialize the JSON body into the target type: {e}"),
            )
        })?;
        let links = update.social_links;
        Ok(ProfileInput {
            name: update.name,
            bio: update.bio,
            twitter: links.as_ref().and_then(|l| l.twitter.clone()),
            instagram: links.as_ref().and_then(|l| l.instagram.clone()),
            spotify: links.and_then(|l| l.spotify),
            featured_playlist: update.featured_playlist_id,
        })
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_my_profile, update_my_profile))
        .routes(routes!(get_profile))
}

/// The signed-in user's profile; a missing one is created on the free plan.
#[utoipa::path(
    get,
    path = "/me/profile",
    tag = "profiles",
    operation_id = "getMyProfile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The own profile", body = Profile),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_my_profile(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<Profile>> {
    let profile = service::my_profile(&db, &user.id).await?;
    Ok(Json(profile.into()))
}

/// Changes the own name, bio, social links or featured playlist; fields not sent stay as they
/// are.
#[utoipa::path(
    patch,
    path = "/me/profile",
    tag = "profiles",
    operation_id = "updateMyProfile",
    security(("bearer" = [])),
    request_body = ProfileUpdate,
    responses(
        (status = 200, description = "The updated profile", body = Profile),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The featured playlist is another user's public playlist \
            (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "The featured playlist is not one of the caller's \
            (`invalid_featured_playlist`); nothing was changed", body = ErrorBody),
        (status = 422, description = "A field is invalid (`invalid_name`, `invalid_bio`, \
            `invalid_social_link`), read-only (`email_read_only`) or unknown (`invalid_json`); \
            nothing was changed", body = ErrorBody),
    )
)]
async fn update_my_profile(
    user: AuthUser,
    State(db): State<Db>,
    extract::Json(body): extract::Json<Value>,
) -> ApiResult<Json<Profile>> {
    let changes = ProfileChanges::parse(ProfileUpdate::from_json(body)?)?;
    let profile = service::update_my_profile(&db, &user.id, &changes).await?;
    Ok(Json(profile.into()))
}

/// A user's public profile, with whether the caller follows them and the artist names of their
/// tracks.
#[utoipa::path(
    get,
    path = "/profiles/{id}",
    tag = "profiles",
    operation_id = "getProfile",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses(
        (status = 200, description = "The profile", body = PublicProfile),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
    )
)]
async fn get_profile(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<UserId>,
) -> ApiResult<Json<PublicProfile>> {
    let view = service::public_profile(&db, &user.id, &id).await?;
    Ok(Json(PublicProfile::new(view, &user.id)))
}
