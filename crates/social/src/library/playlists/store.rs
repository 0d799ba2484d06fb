//! SQL of playlists. A playlist is read by its owner, or by any signed-in user when it is public
//! ([`readable_by`]); every query that changes a playlist names the owner in its WHERE clause,
//! bound to the signed-in user's id, so another user's playlist is never changed: it is not
//! found. The queries on a playlist's entries run in a transaction that first took the owner's
//! playlist with [`lock_playlist`]. A playlist shows the tracks its viewer may see (ready, or
//! their own upload).

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to};
use backbeat_core::db::page::Position;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{PlaylistId, TrackId, UserId};
use backbeat_core::{on_db, on_tx};

/// The id of playlist `$id` if it belongs to `$owner` (both bind parameters), for the writes on a
/// playlist's entries: each names the owner itself.
macro_rules! owned_playlist {
    ($id:literal, $owner:literal) => {
        concat!(
            "(SELECT o.id FROM playlists o WHERE o.id = ",
            $id,
            " AND o.created_by = ",
            $owner,
            ")"
        )
    };
}

/// The condition that the playlist aliased `$p` may be read by `$viewer` (a bind parameter): it
/// is theirs, or public. The one place this rule is written.
macro_rules! readable_by {
    ($p:literal, $viewer:literal) => {
        concat!(
            "(",
            $p,
            ".created_by = ",
            $viewer,
            " OR ",
            $p,
            ".visibility = 'public')"
        )
    };
}
pub(crate) use readable_by;

/// The number of tracks of the playlist aliased `$p` that `$viewer` (a bind parameter or a
/// column) may see.
macro_rules! playlist_track_count {
    ($p:literal, $viewer:literal) => {
        concat!(
            "(SELECT COUNT(*) FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id \
              WHERE pt.playlist_id = ",
            $p,
            ".id AND ",
            backbeat_catalog::catalog::track::visible_to!($viewer),
            ")"
        )
    };
}
pub(crate) use playlist_track_count;

/// The cover of the first track of the playlist aliased `$p` that `$viewer` may see (null when
/// it has none).
macro_rules! playlist_cover_key {
    ($p:literal, $viewer:literal) => {
        concat!(
            "(SELECT t.cover_key FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id \
              WHERE pt.playlist_id = ",
            $p,
            ".id AND ",
            backbeat_catalog::catalog::track::visible_to!($viewer),
            " ORDER BY pt.position, pt.added_at, pt.track_id LIMIT 1)"
        )
    };
}
pub(crate) use playlist_cover_key;

/// The columns of [`PlaylistRow`] (alias `p`) as `$viewer` (a bind parameter) sees them.
macro_rules! playlist_columns {
    ($viewer:literal) => {
        concat!(
            "p.id, p.name, p.description, p.visibility, p.created_at, p.updated_at, \
             p.created_by AS owner_id, \
             COALESCE((SELECT pr.name FROM profiles pr WHERE pr.id = p.created_by), '') \
                 AS owner_name, \
             p.created_by = ",
            $viewer,
            " AS is_owner, \
             EXISTS (SELECT 1 FROM playlist_follows pf \
                     WHERE pf.playlist_id = p.id AND pf.follower_id = ",
            $viewer,
            ") AS is_following, \
             (SELECT COUNT(*) FROM playlist_follows pf WHERE pf.playlist_id = p.id) \
                 AS follower_count, ",
            $crate::library::playlists::store::playlist_track_count!("p", $viewer),
            " AS track_count, ",
            $crate::library::playlists::store::playlist_cover_key!("p", $viewer),
            " AS cover_key, \
             EXISTS (SELECT 1 FROM profiles pr \
                     WHERE pr.id = p.created_by AND pr.featured_playlist_id = p.id) AS is_featured"
        )
    };
}
pub(crate) use playlist_columns;

/// A playlist with what its card shows, as one viewer sees it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PlaylistRow {
    pub id: String,
    pub name: String,
    pub description: String,
    /// `private` or `public`.
    pub visibility: String,
    pub owner_id: String,
    /// The owner's display name ('' when their profile is missing).
    pub owner_name: String,
    /// Whether the viewer owns it.
    pub is_owner: bool,
    /// Whether the viewer follows it.
    pub is_following: bool,
    pub follower_count: i64,
    pub track_count: i64,
    pub cover_key: Option<String>,
    pub is_featured: bool,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

pub async fn insert_playlist(
    db: &Db,
    id: &PlaylistId,
    owner: &UserId,
    name: &str,
    description: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO playlists (id, created_by, name, description, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5)")
        .bind(id).bind(owner).bind(name).bind(description).bind(now)
        .execute(pool).await.map(drop))
}

/// A page of the owner's playlists after `after`, newest first.
pub async fn playlists_of(
    db: &Db,
    owner: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<PlaylistRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", playlist_columns!("$1"), " FROM playlists p \
         WHERE p.created_by = $1 AND (p.created_at, p.id) < ($2, $3) \
         ORDER BY p.created_at DESC, p.id DESC LIMIT $4"))
        .bind(owner).bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await)
}

pub async fn count_playlists(db: &Db, owner: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM playlists WHERE created_by = $1")
        .bind(owner).fetch_one(pool).await)
}

/// A page of the owner's public playlists after `after`, newest first, as `viewer` sees them.
pub async fn public_playlists_of(
    db: &Db,
    owner: &UserId,
    viewer: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<PlaylistRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", playlist_columns!("$2"), " FROM playlists p \
         WHERE p.created_by = $1 AND p.visibility = 'public' \
           AND (p.created_at, p.id) < ($3, $4) \
         ORDER BY p.created_at DESC, p.id DESC LIMIT $5"))
        .bind(owner).bind(viewer).bind(after.at).bind(&after.id).bind(limit)
        .fetch_all(pool).await)
}

/// The playlist if `viewer` may read it: theirs, or public.
pub async fn find_playlist(
    db: &Db,
    id: &PlaylistId,
    viewer: &UserId,
) -> sqlx::Result<Option<PlaylistRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", playlist_columns!("$2"), " FROM playlists p \
         WHERE p.id = $1 AND ", readable_by!("p", "$2")))
        .bind(id).bind(viewer).fetch_optional(pool).await)
}

const IS_PUBLIC: &str =
    "SELECT EXISTS (SELECT 1 FROM playlists WHERE id = $1 AND visibility = 'public')";

/// Whether a playlist with this id is public: a change of it by someone who is not its owner is
/// refused as such, rather than as a playlist not found.
pub async fn is_public(db: &Db, id: &PlaylistId) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(IS_PUBLIC).bind(id).fetch_one(pool).await)
}

/// [`is_public`] inside a transaction (which must not wait for a second connection).
pub async fn is_public_in(tx: &mut Tx, id: &PlaylistId) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query_scalar(IS_PUBLIC).bind(id).fetch_one(conn).await)
}

/// A track of a playlist and its place in the playlist's order.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PlaylistTrackRow {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub position: i64,
    pub added_at: Timestamp,
}

/// A page of the tracks of a playlist `viewer` may read that they may see, in order
/// (`position`, then `added_at`, then the track id), after `after`.
pub async fn playlist_tracks(
    db: &Db,
    id: &PlaylistId,
    viewer: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<PlaylistTrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), ", pt.position, pt.added_at FROM playlist_tracks pt \
         JOIN playlists p ON p.id = pt.playlist_id \
         JOIN tracks t ON t.id = pt.track_id \
         WHERE pt.playlist_id = $1 AND ", readable_by!("p", "$2"), " AND ", visible_to!("$2"), " \
           AND (pt.position, pt.added_at, pt.track_id) > ($3, $4, $5) \
         ORDER BY pt.position, pt.added_at, pt.track_id LIMIT $6"))
        .bind(id).bind(viewer).bind(after.rank).bind(after.at).bind(&after.id).bind(limit)
        .fetch_all(pool).await)
}

/// Changes the name, description and visibility given; answers whether the owner has this
/// playlist.
pub async fn update_playlist(
    tx: &mut Tx,
    id: &PlaylistId,
    owner: &UserId,
    name: Option<&str>,
    description: Option<&str>,
    visibility: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE playlists SET name = COALESCE($3, name), description = COALESCE($4, description), \
                visibility = COALESCE($5, visibility), updated_at = $6 \
         WHERE id = $1 AND created_by = $2")
        .bind(id).bind(owner).bind(name).bind(description).bind(visibility).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Removes every follow of the owner's playlist if it is private: no one else may read it.
pub async fn drop_follows_if_private(
    tx: &mut Tx,
    id: &PlaylistId,
    owner: &UserId,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM playlist_follows WHERE playlist_id = (SELECT o.id FROM playlists o \
             WHERE o.id = $1 AND o.created_by = $2 AND o.visibility = 'private')")
        .bind(id).bind(owner).execute(conn).await.map(drop))
}

/// Deletes the owner's playlist with its entries; the profile featuring it features nothing
/// (`ON DELETE SET NULL`). Answers whether the owner had it.
pub async fn delete_playlist(tx: &mut Tx, id: &PlaylistId, owner: &UserId) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM playlists WHERE id = $1 AND created_by = $2")
        .bind(id).bind(owner).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Takes the owner's playlist row lock until the transaction ends, so that changes of its
/// tracks apply one after the other. False when the owner has no such playlist.
pub async fn lock_playlist(tx: &mut Tx, id: &PlaylistId, owner: &UserId) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE playlists SET updated_at = updated_at WHERE id = $1 AND created_by = $2")
        .bind(id).bind(owner).execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn touch_playlist(
    tx: &mut Tx,
    id: &PlaylistId,
    owner: &UserId,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE playlists SET updated_at = $2 WHERE id = $1 AND created_by = $3")
        .bind(id).bind(now).bind(owner).execute(conn).await.map(drop))
}

/// Appends a track the owner may see to the playlist; answers whether it was added (false
/// when it is not visible or already in the playlist).
pub async fn append_track(
    tx: &mut Tx,
    id: &PlaylistId,
    track_id: &TrackId,
    owner: &UserId,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(concat!(
        "INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) \
         SELECT $1, t.id, \
                COALESCE((SELECT MAX(e.position) FROM playlist_tracks e \
                          WHERE e.playlist_id = $1), -1) + 1, \
                $4 \
         FROM tracks t WHERE t.id = $2 AND ", visible_to!("$3"), " \
           AND EXISTS ", owned_playlist!("$1", "$3"), " \
         ON CONFLICT (playlist_id, track_id) DO NOTHING"))
        .bind(id).bind(track_id).bind(owner).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Answers whether the track was in the owner's playlist.
pub async fn remove_track(
    tx: &mut Tx,
    id: &PlaylistId,
    track_id: &TrackId,
    owner: &UserId,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(concat!(
        "DELETE FROM playlist_tracks WHERE playlist_id = ", owned_playlist!("$1", "$3"), " \
           AND track_id = $2"))
        .bind(id).bind(track_id).bind(owner).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// A track's place in a playlist.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlaylistEntry {
    pub track_id: String,
    pub position: i64,
}

/// Every entry of the owner's playlist, in order.
pub async fn entries(
    tx: &mut Tx,
    id: &PlaylistId,
    owner: &UserId,
) -> sqlx::Result<Vec<PlaylistEntry>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "SELECT track_id, position FROM playlist_tracks \
         WHERE playlist_id = ", owned_playlist!("$1", "$2"), " \
         ORDER BY position, added_at, track_id"))
        .bind(id).bind(owner).fetch_all(conn).await)
}

/// Moves the entries of the owner's playlist with a position in `lo..=hi` by `delta` places.
pub async fn shift_positions(
    tx: &mut Tx,
    id: &PlaylistId,
    owner: &UserId,
    lo: i64,
    hi: i64,
    delta: i64,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(concat!(
        "UPDATE playlist_tracks SET position = position + $5 \
         WHERE playlist_id = ", owned_playlist!("$1", "$2"), " \
           AND position BETWEEN $3 AND $4"))
        .bind(id).bind(owner).bind(lo).bind(hi).bind(delta).execute(conn).await.map(drop))
}

pub async fn set_position(
    tx: &mut Tx,
    id: &PlaylistId,
    track_id: &TrackId,
    owner: &UserId,
    position: i64,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(concat!(
        "UPDATE playlist_tracks SET position = $3 \
         WHERE playlist_id = ", owned_playlist!("$1", "$4"), " AND track_id = $2"))
        .bind(id).bind(track_id).bind(position).bind(owner).execute(conn).await.map(drop))
}
