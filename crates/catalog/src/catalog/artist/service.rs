//! The artist page: an artist's ready tracks by exact name, what they add up to, their albums,
//! and the profile of that name.

use unicode_normalization::UnicodeNormalization;

use super::store::{self, AlbumRow, ArtistFactsRow, ArtistProfileRow};
use crate::catalog::track::TrackRow;
use backbeat_core::db::Db;
use backbeat_core::db::page::{self, Page, PageRequest, Position};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;

/// The most albums the artist page lists.
const ARTIST_ALBUMS_MAX: i64 = 100;
/// Tracks without an album are grouped under this name on the artist page.
pub const SINGLES: &str = "Singles";

#[derive(Clone, Debug)]
pub struct ArtistPage {
    pub name: String,
    pub facts: ArtistFactsRow,
    /// The first page of the top tracks.
    pub top_tracks: Page<TrackRow>,
    pub albums: Vec<AlbumRow>,
    pub profile: Option<ArtistProfileRow>,
    /// Whether the viewer follows the profile of that name (false without one).
    pub is_following: bool,
}

/// The artist of exactly this name as `viewer` sees it: what their ready tracks add up to, the
/// first page of their top tracks, their albums, and the profile of that name when there is one,
/// with whether the viewer follows it.
pub async fn artist_page(db: &Db, name: &str, viewer: &UserId) -> Result<ArtistPage, Failure> {
    let (facts, profile) = store::artist_header(db, name).await?;
    if facts.track_count == 0 && profile.is_none() {
        return Err(errors::ARTIST_NOT_FOUND.into());
    }
    let is_following = match &profile {
        Some(profile) => {
            store::follows_profile(db, viewer, &UserId::from(profile.id.as_str())).await?
        }
        None => false,
    };
    Ok(ArtistPage {
        is_following,
        name: name.to_owned(),
        top_tracks: artist_tracks(db, name, None, &PageRequest::first(page::DEFAULT_SIZE)).await?,
        albums: store::albums(db, name, SINGLES, ARTIST_ALBUMS_MAX).await?,
        facts,
        profile,
    })
}

/// A page of the artist's ready tracks: without an album, the top tracks (most played first,
/// then newest); with one, that album's tracks in upload order ('Singles': those without an
/// album). An unknown artist or album has no tracks.
pub async fn artist_tracks(
    db: &Db,
    name: &str,
    album: Option<&str>,
    page: &PageRequest,
) -> sqlx::Result<Page<TrackRow>> {
    Ok(match album {
        None => {
            let rows = store::top_tracks(db, name, &page.after_descending(), page.fetch()).await?;
            Page::cut(rows, page, |t| Position::new(t.plays, t.created_at, &t.id))
        }
        Some(album) => {
            let after = page.after_ascending();
            let rows = store::album_tracks(db, name, album, SINGLES, &after, page.fetch()).await?;
            Page::cut(rows, page, |t| Position::new(0, t.created_at, &t.id))
        }
    })
}

/// What verifying (or unverifying) an artist did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verification {
    /// The artist's tracks, all now in the state asked for.
    pub tracks: u64,
    /// Those of them that were not in that state before.
    pub changed: u64,
}

/// Marks every track of the artist of exactly this name verified (the badge on their tracks
/// and artist page) or not. An artist without any track is [`errors::ARTIST_NOT_FOUND`].
pub async fn set_verified(db: &Db, name: &str, verified: bool) -> Result<Verification, Failure> {
    let changed = store::set_verified(db, name, verified).await?;
    let tracks = store::track_count(db, name).await?;
    if tracks == 0 {
        return Err(errors::ARTIST_NOT_FOUND.into());
    }
    Ok(Verification {
        tracks: u64::try_from(tracks).unwrap_or(0),
        changed,
    })
}

/// An artist name as names compare when a verified artist's is at stake: in its Unicode
/// compatibility form (NFKC: full-width 'Ｂｅｙｏｎｃé' is 'Beyoncé'), without invisible format
/// characters (zero-width spaces and joiners, direction marks), each run of whitespace one
/// space, surrounding whitespace trimmed, lowercased. Diacritics count ('Beyonce' is another
/// name).
pub fn name_key(name: &str) -> String {
    let compatible: String = name.nfkc().collect();
    let visible = compatible.chars().filter(|c| !is_format_character(*c));
    let spaced: String = visible
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    spaced
        .split(' ')
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Characters of Unicode's "format" category that names use (Cf): invisible.
fn is_format_character(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{61c}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
    )
}

/// Whether `uploader` may upload a track under the artist name `name` (as the upload keeps it:
/// trimmed): not when the name is a verified artist's (compared by [`name_key`]) and none of
/// that artist's verified tracks is the uploader's, [`errors::ARTIST_NAME_VERIFIED`]. The
/// verified artist's own account (which uploaded the tracks `backbeat artists verify` marked)
/// still may.
pub async fn may_upload_as(db: &Db, uploader: &UserId, name: &str) -> Result<(), Failure> {
    let keys = [name.to_lowercase(), name_key(name)];
    let claimed = store::verified_name_owned_by(db, &keys, uploader).await?;
    match claimed {
        Some(false) => Err(errors::ARTIST_NAME_VERIFIED.into()),
        Some(true) | None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_without_case_spacing_widths_or_invisible_characters() {
        let key = name_key("Beyoncé");
        for same in [
            "beyoncé",
            "  BEYONCÉ\t",
            "Ｂｅｙｏｎｃé",
            "Bey\u{200b}oncé",
            "\u{202e}Beyoncé",
            "Beyonce\u{301}",
        ] {
            assert_eq!(name_key(same), key, "{same:?}");
        }
        assert_eq!(name_key("Daft   Punk\u{a0}"), "daft punk");
        assert_ne!(name_key("Beyonce"), key);
        assert_ne!(name_key("Beyoncé Tribute"), key);
    }
}
