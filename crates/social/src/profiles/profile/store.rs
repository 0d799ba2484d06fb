//! SQL of profiles. Every write names the profile owner in its WHERE clause, bound to the
//! signed-in user's id, so a user can only ever change their own profile.

use super::{ProfileChanges, SocialLink};
use crate::library::playlists::store::{playlist_cover_key, playlist_track_count, readable_by};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;
use backbeat_platform::users::DisplayName;

/// A profile with its follow counts and its featured playlist's card.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ProfileRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar_key: Option<String>,
    pub bio: String,
    pub twitter_url: Option<String>,
    pub instagram_url: Option<String>,
    pub spotify_url: Option<String>,
    pub subscription_plan: String,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub follower_count: i64,
    pub following_count: i64,
    pub featured_playlist_id: Option<String>,
    pub featured_playlist_name: Option<String>,
    pub featured_playlist_visibility: Option<String>,
    pub featured_playlist_track_count: i64,
    pub featured_playlist_cover_key: Option<String>,
}

/// The profile as `viewer` sees it: its featured playlist only when the viewer may open it (it
/// is public, or theirs), with the tracks of it they may see.
pub async fn find_profile(
    db: &Db,
    id: &UserId,
    viewer: &UserId,
) -> sqlx::Result<Option<ProfileRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT p.id, p.name, p.email, p.avatar_key, p.bio, p.twitter_url, p.instagram_url, \
                p.spotify_url, p.subscription_plan, p.created_at, p.updated_at, \
                (SELECT COUNT(*) FROM follows f WHERE f.following_id = p.id) AS follower_count, \
                (SELECT COUNT(*) FROM follows f WHERE f.follower_id = p.id) AS following_count, \
                fp.id AS featured_playlist_id, fp.name AS featured_playlist_name, \
                fp.visibility AS featured_playlist_visibility, ",
                playlist_track_count!("fp", "$2"), " AS featured_playlist_track_count, ",
                playlist_cover_key!("fp", "$2"), " AS featured_playlist_cover_key \
         FROM profiles p LEFT JOIN playlists fp \
             ON fp.id = p.featured_playlist_id AND ", readable_by!("fp", "$2"), " \
         WHERE p.id = $1"))
        .bind(id).bind(viewer).fetch_optional(pool).await)
}

/// Up to `limit` distinct artist names of the user's tracks that everyone may see, the one with
/// the most tracks first (then by name).
pub async fn artist_names(db: &Db, uploader: &UserId, limit: i64) -> sqlx::Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(concat!(
        "SELECT t.artist FROM tracks t WHERE t.uploaded_by = $1 AND ",
        backbeat_catalog::catalog::track::visible_to_all!(), " \
         GROUP BY t.artist ORDER BY COUNT(*) DESC, t.artist LIMIT $2"))
        .bind(uploader).bind(limit).fetch_all(pool).await)
}

pub async fn profile_exists(db: &Db, id: &UserId) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM profiles WHERE id = $1)")
        .bind(id).fetch_one(pool).await)
}

/// Changes the provided fields of the owner's profile. A featured playlist must be one of the
/// owner's; when it is not, nothing changes and no row is counted.
pub async fn update_profile(
    db: &Db,
    owner_id: &UserId,
    changes: &ProfileChanges,
    now: Timestamp,
) -> sqlx::Result<u64> {
    let link = |change: &Option<Option<SocialLink>>| {
        (
            change.is_some(),
            change
                .as_ref()
                .and_then(|l| l.as_ref())
                .map(|l| l.as_str().to_owned()),
        )
    };
    let (twitter_set, twitter) = link(&changes.twitter);
    let (instagram_set, instagram) = link(&changes.instagram);
    let (spotify_set, spotify) = link(&changes.spotify);
    let name = changes.name.as_ref().map(DisplayName::as_str);
    let bio = changes.bio.as_ref().map(|b| b.as_str());
    let featured_set = changes.featured_playlist.is_some();
    let featured = changes.featured_playlist.clone().flatten();
    on_db!(db, pool => sqlx::query(
        "UPDATE profiles SET \
            name = COALESCE($2, name), \
            bio = COALESCE($3, bio), \
            twitter_url = CASE WHEN $4 THEN $5 ELSE twitter_url END, \
            instagram_url = CASE WHEN $6 THEN $7 ELSE instagram_url END, \
            spotify_url = CASE WHEN $8 THEN $9 ELSE spotify_url END, \
            featured_playlist_id = CASE WHEN $11 THEN $12 ELSE featured_playlist_id END, \
            updated_at = $10 \
         WHERE id = $1 \
           AND (NOT $11 OR $12 IS NULL \
                OR EXISTS (SELECT 1 FROM playlists WHERE id = $12 AND created_by = $1))")
        .bind(owner_id).bind(name).bind(bio)
        .bind(twitter_set).bind(twitter.as_deref())
        .bind(instagram_set).bind(instagram.as_deref())
        .bind(spotify_set).bind(spotify.as_deref())
        .bind(now)
        .bind(featured_set).bind(featured.as_deref())
        .execute(pool).await.map(|r| r.rows_affected()))
}
