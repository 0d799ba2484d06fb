//! The rules of playlists: a name is required and trimmed (at most 100 characters), a
//! description optional (at most 500); a track is in a playlist at most once; a new order lists
//! every track exactly once. Only the owner reads or changes a playlist, which the store
//! queries enforce; changes of one playlist's tracks apply one at a time.

use std::collections::HashSet;

use uuid::Uuid;

use super::store::{self, PlaylistRow};
use crate::catalog::store::TrackRow;
use crate::db::{Db, Timestamp};
use crate::listening::ListeningError;
use crate::listening::store::track_is_visible_in;

pub const NAME_MAX_CHARS: usize = 100;
pub const DESCRIPTION_MAX_CHARS: usize = 500;

/// A playlist name: trimmed, not empty, at most 100 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaylistName(String);

impl PlaylistName {
    pub fn parse(raw: &str) -> Result<Self, ListeningError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ListeningError::EmptyPlaylistName);
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err(ListeningError::PlaylistNameTooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(ListeningError::PlaylistNameHasControlCharacters);
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
    pub fn parse(raw: &str) -> Result<Self, ListeningError> {
        let description = raw.trim();
        if description.chars().count() > DESCRIPTION_MAX_CHARS {
            return Err(ListeningError::DescriptionTooLong);
        }
        if description
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(ListeningError::DescriptionHasControlCharacters);
        }
        Ok(Self(description.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A validated change to a playlist; `None` leaves a field as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlaylistChanges {
    pub name: Option<PlaylistName>,
    pub description: Option<PlaylistDescription>,
}

impl PlaylistChanges {
    /// Validates the fields given, the name first.
    pub fn parse(name: Option<&str>, description: Option<&str>) -> Result<Self, ListeningError> {
        Ok(Self {
            name: name.map(PlaylistName::parse).transpose()?,
            description: description.map(PlaylistDescription::parse).transpose()?,
        })
    }
}

/// A playlist with its tracks in order.
#[derive(Clone, Debug)]
pub struct PlaylistDetail {
    pub playlist: PlaylistRow,
    pub tracks: Vec<TrackRow>,
}

/// Checks that `proposed` lists every track of `current` exactly once.
pub fn check_order(current: &[String], proposed: &[String]) -> Result<(), ListeningError> {
    let unique: HashSet<&String> = proposed.iter().collect();
    let same_tracks = unique.len() == proposed.len()
        && proposed.len() == current.len()
        && current.iter().all(|id| unique.contains(id));
    if same_tracks {
        Ok(())
    } else {
        Err(ListeningError::InvalidOrder)
    }
}

pub async fn create(
    db: &Db,
    owner: &str,
    name: &PlaylistName,
    description: &PlaylistDescription,
) -> Result<PlaylistDetail, ListeningError> {
    let id = Uuid::now_v7().to_string();
    store::insert_playlist(
        db,
        &id,
        owner,
        name.as_str(),
        description.as_str(),
        Timestamp::now(),
    )
    .await?;
    playlist(db, owner, &id).await
}

/// The owner's playlists, newest first.
pub async fn playlists(db: &Db, owner: &str) -> Result<Vec<PlaylistRow>, ListeningError> {
    Ok(store::playlists_of(db, owner).await?)
}

/// The owner's playlist with its tracks.
pub async fn playlist(db: &Db, owner: &str, id: &str) -> Result<PlaylistDetail, ListeningError> {
    let mut playlist = store::find_playlist(db, id, owner)
        .await?
        .ok_or(ListeningError::PlaylistNotFound)?;
    let tracks = store::playlist_tracks(db, id, owner).await?;
    // The card's numbers follow the tracks shown, even if the playlist changed in between.
    playlist.track_count = tracks.len() as i64;
    playlist.cover_key = tracks.first().and_then(|t| t.cover_key.clone());
    Ok(PlaylistDetail { playlist, tracks })
}

pub async fn update(
    db: &Db,
    owner: &str,
    id: &str,
    changes: &PlaylistChanges,
) -> Result<PlaylistDetail, ListeningError> {
    let changed = store::update_playlist(
        db,
        id,
        owner,
        changes.name.as_ref().map(PlaylistName::as_str),
        changes
            .description
            .as_ref()
            .map(PlaylistDescription::as_str),
        Timestamp::now(),
    )
    .await?;
    if !changed {
        return Err(ListeningError::PlaylistNotFound);
    }
    playlist(db, owner, id).await
}

/// Deletes the owner's playlist; when it was the featured one, the profile features none.
pub async fn delete(db: &Db, owner: &str, id: &str) -> Result<(), ListeningError> {
    let mut tx = db.begin().await?;
    store::lock_owner(&mut tx, owner).await?;
    if !store::delete_playlist(&mut tx, id, owner).await? {
        return Err(ListeningError::PlaylistNotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// Adds a track the owner may see at the end of the playlist; a track already in it stays
/// where it is.
pub async fn add_track(
    db: &Db,
    owner: &str,
    id: &str,
    track_id: &str,
) -> Result<PlaylistDetail, ListeningError> {
    let mut tx = db.begin().await?;
    if !store::lock_playlist(&mut tx, id, owner).await? {
        return Err(ListeningError::PlaylistNotFound);
    }
    let now = Timestamp::now();
    if store::append_track(&mut tx, id, track_id, owner, now).await? {
        store::touch_playlist(&mut tx, id, now).await?;
    } else if !track_is_visible_in(&mut tx, track_id, owner).await? {
        // Not added because the owner may not see it (rather than because it is there already).
        return Err(ListeningError::TrackNotFound);
    }
    tx.commit().await?;
    playlist(db, owner, id).await
}

/// Removes a track from the playlist; a track not in it changes nothing.
pub async fn remove_track(
    db: &Db,
    owner: &str,
    id: &str,
    track_id: &str,
) -> Result<PlaylistDetail, ListeningError> {
    let mut tx = db.begin().await?;
    if !store::lock_playlist(&mut tx, id, owner).await? {
        return Err(ListeningError::PlaylistNotFound);
    }
    if store::remove_track(&mut tx, id, track_id).await? {
        store::touch_playlist(&mut tx, id, Timestamp::now()).await?;
    }
    tx.commit().await?;
    playlist(db, owner, id).await
}

/// Puts the playlist's tracks in the order given, which must list each of them exactly once.
pub async fn reorder(
    db: &Db,
    owner: &str,
    id: &str,
    track_ids: &[String],
) -> Result<PlaylistDetail, ListeningError> {
    let mut tx = db.begin().await?;
    if !store::lock_playlist(&mut tx, id, owner).await? {
        return Err(ListeningError::PlaylistNotFound);
    }
    let current = store::track_ids(&mut tx, id).await?;
    check_order(&current, track_ids)?;
    if current != track_ids {
        for (position, track_id) in track_ids.iter().enumerate() {
            store::set_position(&mut tx, id, track_id, position as i64).await?;
        }
        store::touch_playlist(&mut tx, id, Timestamp::now()).await?;
    }
    tx.commit().await?;
    playlist(db, owner, id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_playlist_name_is_trimmed_and_required() {
        assert_eq!(
            PlaylistName::parse("  Road trip ").unwrap().as_str(),
            "Road trip"
        );
        for blank in ["", "  ", "\n\t"] {
            assert!(matches!(
                PlaylistName::parse(blank),
                Err(ListeningError::EmptyPlaylistName)
            ));
        }
        assert_eq!(
            ListeningError::EmptyPlaylistName.to_string(),
            "Please enter a playlist name."
        );
    }

    #[test]
    fn a_playlist_name_has_at_most_100_characters_and_no_control_characters() {
        assert!(PlaylistName::parse(&"é".repeat(100)).is_ok());
        assert!(matches!(
            PlaylistName::parse(&"é".repeat(101)),
            Err(ListeningError::PlaylistNameTooLong)
        ));
        assert!(matches!(
            PlaylistName::parse("Road\ntrip"),
            Err(ListeningError::PlaylistNameHasControlCharacters)
        ));
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
        assert!(matches!(
            PlaylistDescription::parse(&"d".repeat(501)),
            Err(ListeningError::DescriptionTooLong)
        ));
        assert!(matches!(
            PlaylistDescription::parse("nul\0"),
            Err(ListeningError::DescriptionHasControlCharacters)
        ));
    }

    #[test]
    fn changes_keep_absent_fields_and_check_the_name_first() {
        let changes = PlaylistChanges::parse(None, Some("new")).unwrap();
        assert_eq!(changes.name, None);
        assert_eq!(changes.description.unwrap().as_str(), "new");
        assert!(matches!(
            PlaylistChanges::parse(Some(" "), Some(&"d".repeat(501))),
            Err(ListeningError::EmptyPlaylistName)
        ));
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
                    Err(ListeningError::InvalidOrder)
                ),
                "{wrong:?} was accepted"
            );
        }
    }
}
