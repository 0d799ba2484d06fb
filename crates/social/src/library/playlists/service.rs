//! The rules of playlists: a name is required and trimmed (at most 100 characters), a
//! description optional (at most 500); a track is in a playlist at most once; a new order lists
//! every track exactly once; a track moves to a place that exists. A playlist is private (only
//! its owner reads it) or public (any signed-in user reads it); only the owner changes it, which
//! the store queries enforce. Another user's change of a public playlist is refused as such
//! (403), of a private one as not found (404), like an id that does not exist. Making a playlist
//! private again ends its follows. Changes of one playlist's tracks apply one at a time. Lists of
//! playlists and of a playlist's tracks come in pages.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::store::{self, PlaylistRow};
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_catalog::catalog::track::visible_track_in;
use backbeat_core::db::page::{self, Page, PageRequest, Position};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::http::text_schema::{Controls, TextRules};
use backbeat_core::ids::{PlaylistId, TrackId, UserId};
use backbeat_platform::users;

pub const NAME_MAX_CHARS: usize = 100;
pub const DESCRIPTION_MAX_CHARS: usize = 500;
/// What [`PlaylistName::parse`] takes, as the OpenAPI document says it.
pub const NAME_RULES: TextRules = TextRules {
    max_chars: NAME_MAX_CHARS,
    may_be_empty: false,
    controls: Controls::Refused,
};
/// What [`PlaylistDescription::parse`] takes, as the OpenAPI document says it.
pub const DESCRIPTION_RULES: TextRules = TextRules {
    max_chars: DESCRIPTION_MAX_CHARS,
    may_be_empty: true,
    controls: Controls::Lines,
};

/// A playlist name: trimmed, not empty, at most 100 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaylistName(String);

impl PlaylistName {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(errors::PLAYLIST_NAME_REQUIRED.into());
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err(errors::PLAYLIST_NAME_TOO_LONG.into());
        }
        if name.chars().any(char::is_control) {
            return Err(errors::PLAYLIST_NAME_CONTROL_CHARACTERS.into());
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A playlist description: trimmed, at most 500 characters, empty when none; line breaks and
/// tabs allowed, other control characters not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaylistDescription(String);

impl PlaylistDescription {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let description = raw.trim();
        if description.chars().count() > DESCRIPTION_MAX_CHARS {
            return Err(errors::DESCRIPTION_TOO_LONG.into());
        }
        if description
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(errors::DESCRIPTION_CONTROL_CHARACTERS.into());
        }
        Ok(Self(description.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Who may open a playlist: its owner only (the default), or any signed-in user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// Only the owner opens it.
    #[default]
    Private,
    /// Any signed-in user opens, plays and follows it.
    Public,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Private => "private",
            Self::Public => "public",
        }
    }

    /// Reads a stored visibility; anything unknown reads as private, which no one else opens.
    pub fn from_stored(value: &str) -> Self {
        if value == "public" {
            Self::Public
        } else {
            Self::Private
        }
    }
}

/// A validated change to a playlist; `None` leaves a field as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaylistChanges {
    pub name: Option<PlaylistName>,
    pub description: Option<PlaylistDescription>,
    pub visibility: Option<Visibility>,
}

impl PlaylistChanges {
    /// Validates the fields given, the name first.
    pub fn parse(
        name: Option<&str>,
        description: Option<&str>,
        visibility: Option<Visibility>,
    ) -> Result<Self, Failure> {
        Ok(Self {
            name: name.map(PlaylistName::parse).transpose()?,
            description: description.map(PlaylistDescription::parse).transpose()?,
            visibility,
        })
    }
}

/// A playlist with a page of its tracks in order.
#[derive(Clone, Debug)]
pub struct PlaylistDetail {
    pub playlist: PlaylistRow,
    pub tracks: Page<TrackRow>,
}

/// Checks that `proposed` lists every track of `current` exactly once.
pub fn check_order(current: &[String], proposed: &[String]) -> Result<(), Failure> {
    let unique: HashSet<&String> = proposed.iter().collect();
    let same_tracks = unique.len() == proposed.len()
        && proposed.len() == current.len()
        && current.iter().all(|id| unique.contains(id));
    if same_tracks {
        Ok(())
    } else {
        Err(errors::INVALID_ORDER.into())
    }
}

pub async fn create(
    db: &Db,
    owner: &UserId,
    name: &PlaylistName,
    description: &PlaylistDescription,
) -> Result<PlaylistDetail, Failure> {
    let id = PlaylistId::generate();
    store::insert_playlist(
        db,
        &id,
        owner,
        name.as_str(),
        description.as_str(),
        Timestamp::now(),
    )
    .await?;
    first_page(db, owner, &id).await
}

/// A page of the owner's playlists, newest first.
pub async fn playlists(
    db: &Db,
    owner: &UserId,
    page: &PageRequest,
) -> Result<Page<PlaylistRow>, Failure> {
    let rows = store::playlists_of(db, owner, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |p| {
        Position::new(0, p.created_at, &p.id)
    }))
}

/// A playlist `viewer` may read (their own, or a public one) with a page of its tracks.
pub async fn playlist(
    db: &Db,
    viewer: &UserId,
    id: &PlaylistId,
    page: &PageRequest,
) -> Result<PlaylistDetail, Failure> {
    let playlist = store::find_playlist(db, id, viewer)
        .await?
        .ok_or(errors::PLAYLIST_NOT_FOUND)?;
    let rows =
        store::playlist_tracks(db, id, viewer, &page.after_ascending(), page.fetch()).await?;
    let tracks = Page::cut(rows, page, |row| {
        Position::new(row.position, row.added_at, &row.track.id)
    })
    .map(|row| row.track);
    Ok(PlaylistDetail { playlist, tracks })
}

/// Why a change of a playlist that is not the caller's is refused: another user's public
/// playlist is theirs to change ([`errors::PLAYLIST_NOT_OWNER`]); any other id is not found.
async fn not_own(tx: &mut Tx, id: &PlaylistId) -> Result<Failure, Failure> {
    Ok(if store::is_public_in(tx, id).await? {
        errors::PLAYLIST_NOT_OWNER.into()
    } else {
        errors::PLAYLIST_NOT_FOUND.into()
    })
}

/// A transaction holding the owner's playlist locked for a change of its tracks; refused as
/// [`not_own`] says when it is not the owner's.
async fn begin_on_own(db: &Db, owner: &UserId, id: &PlaylistId) -> Result<Tx, Failure> {
    let mut tx = db.begin().await?;
    if !store::lock_playlist(&mut tx, id, owner).await? {
        return Err(not_own(&mut tx, id).await?);
    }
    Ok(tx)
}

/// The owner's playlist with the first page of its tracks, as the changes answer it.
async fn first_page(db: &Db, owner: &UserId, id: &PlaylistId) -> Result<PlaylistDetail, Failure> {
    playlist(db, owner, id, &PageRequest::first(page::DEFAULT_SIZE)).await
}

pub async fn update(
    db: &Db,
    owner: &UserId,
    id: &PlaylistId,
    changes: &PlaylistChanges,
) -> Result<PlaylistDetail, Failure> {
    let mut tx = db.begin().await?;
    let changed = store::update_playlist(
        &mut tx,
        id,
        owner,
        changes.name.as_ref().map(PlaylistName::as_str),
        changes
            .description
            .as_ref()
            .map(PlaylistDescription::as_str),
        changes.visibility.map(Visibility::as_str),
        Timestamp::now(),
    )
    .await?;
    if !changed {
        return Err(not_own(&mut tx, id).await?);
    }
    if changes.visibility == Some(Visibility::Private) {
        store::drop_follows_if_private(&mut tx, id, owner).await?;
    }
    tx.commit().await?;
    first_page(db, owner, id).await
}

/// Deletes the owner's playlist and its follows; when it was the featured one, the profile
/// features none.
pub async fn delete(db: &Db, owner: &UserId, id: &PlaylistId) -> Result<(), Failure> {
    let mut tx = db.begin().await?;
    users::lock(&mut tx, owner).await?;
    if !store::delete_playlist(&mut tx, id, owner).await? {
        return Err(not_own(&mut tx, id).await?);
    }
    tx.commit().await?;
    Ok(())
}

/// Adds a track the owner may see at the end of the playlist; a track already in it stays
/// where it is.
pub async fn add_track(
    db: &Db,
    owner: &UserId,
    id: &PlaylistId,
    track_id: &TrackId,
) -> Result<PlaylistDetail, Failure> {
    let mut tx = begin_on_own(db, owner, id).await?;
    let now = Timestamp::now();
    if store::append_track(&mut tx, id, track_id, owner, now).await? {
        store::touch_playlist(&mut tx, id, owner, now).await?;
    } else if visible_track_in(&mut tx, track_id, owner).await?.is_none() {
        // Not added because the owner may not see it (rather than because it is there already).
        return Err(errors::TRACK_NOT_FOUND.into());
    }
    tx.commit().await?;
    first_page(db, owner, id).await
}

/// Removes a track from the playlist; a track not in it changes nothing.
pub async fn remove_track(
    db: &Db,
    owner: &UserId,
    id: &PlaylistId,
    track_id: &TrackId,
) -> Result<PlaylistDetail, Failure> {
    let mut tx = begin_on_own(db, owner, id).await?;
    if store::remove_track(&mut tx, id, track_id, owner).await? {
        store::touch_playlist(&mut tx, id, owner, Timestamp::now()).await?;
    }
    tx.commit().await?;
    first_page(db, owner, id).await
}

/// Puts the playlist's tracks in the order given, which must list each of them exactly once.
pub async fn reorder(
    db: &Db,
    owner: &UserId,
    id: &PlaylistId,
    track_ids: &[String],
) -> Result<PlaylistDetail, Failure> {
    let mut tx = begin_on_own(db, owner, id).await?;
    let current: Vec<String> = store::entries(&mut tx, id, owner)
        .await?
        .into_iter()
        .map(|entry| entry.track_id)
        .collect();
    check_order(&current, track_ids)?;
    if current != track_ids {
        for (position, track_id) in track_ids.iter().enumerate() {
            let track_id = TrackId::from(track_id.as_str());
            store::set_position(&mut tx, id, &track_id, owner, position as i64).await?;
        }
        store::touch_playlist(&mut tx, id, owner, Timestamp::now()).await?;
    }
    tx.commit().await?;
    first_page(db, owner, id).await
}

/// Moves one track of the playlist to `index` (0-based) of its order; the tracks in between
/// move one place towards where it was. A track not in the playlist (404), a negative index
/// (422) or one past the end (409) changes nothing.
pub async fn move_track(
    db: &Db,
    owner: &UserId,
    id: &PlaylistId,
    track_id: &TrackId,
    index: i64,
) -> Result<PlaylistDetail, Failure> {
    let mut tx = begin_on_own(db, owner, id).await?;
    let entries = store::entries(&mut tx, id, owner).await?;
    let from = entries
        .iter()
        .position(|entry| entry.track_id == *track_id)
        .ok_or(errors::PLAYLIST_TRACK_NOT_FOUND)?;
    let to = usize::try_from(index).map_err(|_| errors::INVALID_POSITION)?;
    if to >= entries.len() {
        return Err(errors::POSITION_OUTSIDE_PLAYLIST.into());
    }
    if from != to {
        let (moved, target) = (entries[from].position, entries[to].position);
        // Positions increase along the order (gaps allowed), so shifting the ones between by
        // one keeps their order and frees the target's position.
        if from < to {
            store::shift_positions(&mut tx, id, owner, moved + 1, target, -1).await?;
        } else {
            store::shift_positions(&mut tx, id, owner, target, moved - 1, 1).await?;
        }
        store::set_position(&mut tx, id, track_id, owner, target).await?;
        store::touch_playlist(&mut tx, id, owner, Timestamp::now()).await?;
    }
    tx.commit().await?;
    first_page(db, owner, id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn names_and_descriptions_are_taken_exactly_as_the_document_says() {
        for probe in NAME_RULES.probes() {
            assert_eq!(
                PlaylistName::parse(&probe).is_ok(),
                NAME_RULES.fits(&probe),
                "{probe:?}"
            );
        }
        for probe in DESCRIPTION_RULES.probes() {
            assert_eq!(
                PlaylistDescription::parse(&probe).is_ok(),
                DESCRIPTION_RULES.fits(&probe),
                "{probe:?}"
            );
        }
    }

    #[test]
    fn a_playlist_name_is_trimmed_and_required() {
        assert_eq!(
            PlaylistName::parse("  Road trip ").unwrap().as_str(),
            "Road trip"
        );
        for blank in ["", "  ", "\n\t"] {
            assert!(
                matches!(PlaylistName::parse(blank), Err(e) if e.is(errors::PLAYLIST_NAME_REQUIRED))
            );
        }
        assert_eq!(
            errors::PLAYLIST_NAME_REQUIRED.message.to_string(),
            "Please enter a playlist name."
        );
    }

    #[test]
    fn a_playlist_name_has_at_most_100_characters_and_no_control_characters() {
        assert!(PlaylistName::parse(&"é".repeat(100)).is_ok());
        assert!(
            matches!(PlaylistName::parse(&"é".repeat(101)), Err(e) if e.is(errors::PLAYLIST_NAME_TOO_LONG))
        );
        assert!(
            matches!(PlaylistName::parse("Road\ntrip"), Err(e) if e.is(errors::PLAYLIST_NAME_CONTROL_CHARACTERS))
        );
    }

    #[test]
    fn a_description_is_optional_with_at_most_500_characters() {
        assert_eq!(PlaylistDescription::parse("  ").unwrap().as_str(), "");
        assert_eq!(
            PlaylistDescription::parse(" for\nthe road ")
                .unwrap()
                .as_str(),
            "for\nthe road"
        );
        assert!(PlaylistDescription::parse(&"d".repeat(500)).is_ok());
        assert!(
            matches!(PlaylistDescription::parse(&"d".repeat(501)), Err(e) if e.is(errors::DESCRIPTION_TOO_LONG))
        );
        assert!(
            matches!(PlaylistDescription::parse("nul\0"), Err(e) if e.is(errors::DESCRIPTION_CONTROL_CHARACTERS))
        );
    }

    #[test]
    fn changes_keep_absent_fields_and_check_the_name_first() {
        let changes = PlaylistChanges::parse(None, Some("new"), None).unwrap();
        assert_eq!(changes.name, None);
        assert_eq!(changes.visibility, None);
        assert_eq!(changes.description.unwrap().as_str(), "new");
        assert!(matches!(
            PlaylistChanges::parse(Some(" "), Some(&"d".repeat(501)), Some(Visibility::Public)),
            Err(e) if e.is(errors::PLAYLIST_NAME_REQUIRED)
        ));
    }

    #[test]
    fn a_visibility_is_stored_as_its_name_and_anything_unknown_reads_as_private() {
        for visibility in [Visibility::Private, Visibility::Public] {
            assert_eq!(Visibility::from_stored(visibility.as_str()), visibility);
        }
        assert_eq!(Visibility::from_stored("Public"), Visibility::Private);
        assert_eq!(Visibility::default(), Visibility::Private);
    }

    #[test]
    fn a_new_order_is_a_permutation_of_the_tracks() {
        let current = ids(&["a", "b", "c"]);

        assert!(check_order(&current, &ids(&["c", "a", "b"])).is_ok());
        assert!(check_order(&current, &ids(&["a", "b", "c"])).is_ok());
        assert!(check_order(&[], &[]).is_ok());
        for wrong in [
            ids(&["a", "b"]),
            ids(&["a", "b", "c", "d"]),
            ids(&["a", "a", "b"]),
            ids(&["a", "b", "d"]),
            ids(&["a", "a", "b", "c"]),
        ] {
            assert!(
                matches!(
                    check_order(&current, &wrong),
                    Err(e) if e.is(errors::INVALID_ORDER)
                ),
                "{wrong:?} was accepted"
            );
        }
    }
}
