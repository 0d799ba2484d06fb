//! The rules of the catalog: what an upload must be, the monthly upload limit (checked
//! atomically with the insert), who sees which track, search and pagination, and the pages
//! built from tracks (track, artist, home).

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bytes::Bytes;
use chrono::{DateTime, Datelike, TimeZone, Utc};
use tempfile::NamedTempFile;
use tokio::sync::Semaphore;
use uuid::Uuid;

use super::cover::{self, CoverImages};
use super::file_name::StoredFileName;
use super::store::{self, ArtistProfileRow, ListPosition, NewTrack, TrackRow};
use super::{PendingMedia, TrackStatus};
use crate::audio::{self, Probe, ProbeError};
use crate::db::{Db, Timestamp};
use crate::jobs::{Job, JobQueue};
use crate::listening::likes::store as likes;
use crate::listening::playlists::store as playlists;
use crate::media::{MediaError, MediaKey, MediaStore};
use crate::plans::Plan;
use crate::profiles::service::{ProfileError, my_profile};

/// The largest audio upload (SPEC section 5: "at most 50 MB").
pub const AUDIO_MAX_BYTES: u64 = 50 * 1024 * 1024;
/// The largest cover upload (SPEC section 5: "at most 5 MB").
pub const COVER_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// The longest title, artist, album or genre.
pub const TEXT_MAX_CHARS: usize = 200;
pub const PAGE_DEFAULT: u32 = 50;
pub const PAGE_MAX: u32 = 100;
/// SPEC section 9: "Up Next and related tracks: 5", "Home shows 8 recent tracks".
const UP_NEXT: i64 = 5;
const HOME_RECENT: i64 = 8;
/// Tracks without an album are grouped under this name on the artist page.
pub const SINGLES: &str = "Singles";
/// Separates the fields in the search text; control characters never occur in them.
const SEARCH_SEPARATOR: char = '\u{1f}';
/// Cover decoding may take a few hundred MB; this bounds how many run at once.
static COVER_DECODES: Semaphore = Semaphore::const_new(2);

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("Please select an audio file.")]
    NoAudio,
    #[error("Please select an audio file.")]
    NotAudio,
    #[error("Audio file must be less than 50MB.")]
    AudioTooLarge,
    #[error("Failed to load audio file. Please try another file.")]
    UndecodableAudio,
    #[error("Please select an image file.")]
    NotAnImage,
    #[error("Cover image must be less than 5MB.")]
    CoverTooLarge,
    #[error("Please enter a title.")]
    MissingTitle,
    #[error("Please enter an artist name.")]
    MissingArtist,
    #[error("{0} must be at most 200 characters.")]
    TooLong(&'static str),
    #[error("You have reached your monthly upload limit. Upgrade your plan to upload more tracks.")]
    UploadLimitReached,
    #[error("Track Not Found")]
    TrackNotFound,
    #[error("Artist Not Found")]
    ArtistNotFound,
    #[error("This page of results is no longer available. Please start from the first page.")]
    InvalidCursor,
    #[error("database failure: {0}")]
    Database(#[from] sqlx::Error),
    #[error("media failure: {0}")]
    Media(#[from] MediaError),
    #[error("{0:#}")]
    Internal(anyhow::Error),
}

impl From<ProfileError> for CatalogError {
    fn from(err: ProfileError) -> Self {
        match err {
            ProfileError::Database(err) => Self::Database(err),
            other => Self::Internal(other.into()),
        }
    }
}

fn internal(err: impl Into<anyhow::Error>) -> CatalogError {
    CatalogError::Internal(err.into())
}

// ---- the upload

/// A file of the upload form, streamed to a temporary file that is deleted when dropped.
#[derive(Debug)]
pub struct UploadedFile {
    pub file: NamedTempFile,
    /// The name the client gave the file, untrusted.
    pub client_name: Option<String>,
}

/// The upload form as the client sent it.
#[derive(Debug, Default)]
pub struct UploadForm {
    pub audio: Option<UploadedFile>,
    pub cover: Option<UploadedFile>,
    pub title: Option<String>,
    pub artist: Option<String>,
    pub album: Option<String>,
    pub genre: Option<String>,
}

/// A track's text: title and artist required, album and genre optional; control characters
/// become spaces, surrounding whitespace goes, each at most 200 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackText {
    pub title: String,
    pub artist: String,
    pub album: Option<String>,
    pub genre: Option<String>,
}

impl TrackText {
    /// Checks in the order the upload page does: title, then artist.
    pub fn parse(
        title: Option<&str>,
        artist: Option<&str>,
        album: Option<&str>,
        genre: Option<&str>,
    ) -> Result<Self, CatalogError> {
        Ok(Self {
            title: text(title, "Title")?.ok_or(CatalogError::MissingTitle)?,
            artist: text(artist, "Artist name")?.ok_or(CatalogError::MissingArtist)?,
            album: text(album, "Album")?,
            genre: text(genre, "Genre")?,
        })
    }

    /// Lowercased (unicode-aware) title, artist and the text search looks in.
    fn search_keys(&self) -> (String, String, String) {
        let fields = [
            Some(self.title.as_str()),
            Some(self.artist.as_str()),
            self.album.as_deref(),
            self.genre.as_deref(),
        ];
        let search_text = fields
            .into_iter()
            .flatten()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(&SEARCH_SEPARATOR.to_string());
        (
            self.title.to_lowercase(),
            self.artist.to_lowercase(),
            search_text,
        )
    }
}

fn text(raw: Option<&str>, field: &'static str) -> Result<Option<String>, CatalogError> {
    let cleaned: String = raw
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    if trimmed.chars().count() > TEXT_MAX_CHARS {
        return Err(CatalogError::TooLong(field));
    }
    Ok(Some(trimmed.to_owned()))
}

/// The first instant of the calendar month (UTC) that `now` is in.
pub fn month_start(now: Timestamp) -> Timestamp {
    let now = now.as_datetime();
    Timestamp::from(
        Utc.with_ymd_and_hms(now.year(), now.month(), 1, 0, 0, 0)
            .single()
            .expect("the first of a month at midnight UTC exists"),
    )
}

/// The first instant of the next calendar month (UTC): when the monthly count starts again.
pub fn next_month_start(now: Timestamp) -> Timestamp {
    let now = now.as_datetime();
    let (year, month) = if now.month() == 12 {
        (now.year() + 1, 1)
    } else {
        (now.year(), now.month() + 1)
    };
    Timestamp::from(
        Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0)
            .single()
            .expect("the first of a month at midnight UTC exists"),
    )
}

/// Whether `used` uploads this month leave room for one more on `plan`.
pub fn may_upload(plan: Plan, used: i64) -> bool {
    plan.monthly_upload_limit()
        .is_none_or(|limit| used < i64::from(limit))
}

/// An upload that passed its checks, ready to store.
struct CheckedUpload {
    text: TrackText,
    audio: UploadedFile,
    probe: Probe,
    covers: Option<CoverImages>,
}

/// Where an upload is stored and recorded.
#[derive(Clone, Debug)]
pub struct Uploads {
    pub db: Db,
    pub media: MediaStore,
    pub jobs: JobQueue,
}

impl Uploads {
    /// Checks an upload, stores its original and covers, records the track and enqueues its
    /// processing. Checks, in order: audio present, title, artist, the monthly limit, the audio
    /// decodes, the cover is an image. When any check fails nothing is stored.
    pub async fn upload(&self, uploader: &str, form: UploadForm) -> Result<TrackRow, CatalogError> {
        let audio = form.audio.ok_or(CatalogError::NoAudio)?;
        let text = TrackText::parse(
            form.title.as_deref(),
            form.artist.as_deref(),
            form.album.as_deref(),
            form.genre.as_deref(),
        )?;
        // Answers a user at the limit before the work below; the limit is enforced again,
        // atomically, when the track is recorded.
        let plan = Plan::from_stored(Some(
            &my_profile(&self.db, uploader).await?.subscription_plan,
        ));
        let used =
            store::count_uploads_since(&self.db, uploader, month_start(Timestamp::now())).await?;
        if !may_upload(plan, used) {
            return Err(CatalogError::UploadLimitReached);
        }
        let probe = probe_audio(audio.file.path()).await?;
        let covers = match form.cover {
            Some(cover) => Some(cover_images(cover).await?),
            None => None,
        };
        // Storing and recording run to their end even when the client goes away, so that what
        // was stored is either recorded or removed.
        let uploads = self.clone();
        let uploader = uploader.to_owned();
        let checked = CheckedUpload {
            text,
            audio,
            probe,
            covers,
        };
        tokio::spawn(async move { uploads.publish(&uploader, checked).await })
            .await
            .map_err(internal)?
    }

    async fn publish(
        &self,
        uploader: &str,
        upload: CheckedUpload,
    ) -> Result<TrackRow, CatalogError> {
        let mut pending = PendingMedia::new(&self.media);
        let recorded = match self.store_files(&mut pending, uploader, upload).await {
            Ok(track) => self.record(track).await,
            Err(err) => Err(err),
        };
        match recorded {
            Ok(track) => {
                pending.keep();
                self.jobs.wake();
                Ok(track)
            }
            Err(err) => {
                pending.discard().await;
                Err(err)
            }
        }
    }

    /// Stores the original at `tracks/{uploader}/{millis}_{name}` (numbered when taken) and
    /// the covers at `covers/{uploader}/{track_id}-{side}.jpg`.
    async fn store_files(
        &self,
        pending: &mut PendingMedia,
        uploader: &str,
        upload: CheckedUpload,
    ) -> Result<NewTrack, CatalogError> {
        let CheckedUpload {
            text,
            audio,
            probe,
            covers,
        } = upload;
        let track_id = Uuid::now_v7().to_string();
        let bytes = Bytes::from(tokio::fs::read(audio.file.path()).await.map_err(internal)?);
        let size = i64::try_from(bytes.len()).map_err(internal)?;
        let name = StoredFileName::from_client(audio.client_name.as_deref(), probe.format.as_str());
        let millis = Timestamp::now().as_datetime().timestamp_millis();
        let mut audio_key = None;
        for n in 0..100 {
            let key = MediaKey::parse(&format!("tracks/{uploader}/{millis}_{}", name.numbered(n)))?;
            match pending.put_new(key.clone(), bytes.clone()).await {
                Ok(()) => {
                    audio_key = Some(key);
                    break;
                }
                Err(MediaError::AlreadyExists(_)) => continue,
                Err(err) => return Err(err.into()),
            }
        }
        let audio_key = audio_key.ok_or_else(|| {
            internal(anyhow::anyhow!(
                "no free name for the upload of {uploader} at {millis}"
            ))
        })?;

        let (cover_key, cover_large_key) = match covers {
            Some(covers) => {
                let list = MediaKey::parse(&format!(
                    "covers/{uploader}/{track_id}-{}.jpg",
                    cover::LIST_SIDE
                ))?;
                let page = MediaKey::parse(&format!(
                    "covers/{uploader}/{track_id}-{}.jpg",
                    cover::PAGE_SIDE
                ))?;
                pending
                    .put_new(list.clone(), Bytes::from(covers.list))
                    .await?;
                pending
                    .put_new(page.clone(), Bytes::from(covers.page))
                    .await?;
                (Some(list.to_string()), Some(page.to_string()))
            }
            None => (None, None),
        };

        let (title_lower, artist_lower, search_text) = text.search_keys();
        Ok(NewTrack {
            id: track_id,
            uploaded_by: uploader.to_owned(),
            title: text.title,
            artist: text.artist,
            album: text.album,
            genre: text.genre,
            title_lower,
            artist_lower,
            search_text,
            duration_secs: i64::from(probe.duration_secs),
            audio_key: audio_key.to_string(),
            audio_content_type: probe.format.content_type().to_owned(),
            audio_size_bytes: size,
            lossless_source: probe.format.is_lossless(),
            cover_key,
            cover_large_key,
        })
    }

    /// Records the track and its processing job in one transaction that holds the uploader's
    /// profile row: concurrent uploads of one user count and insert one at a time, so the
    /// monthly limit is never passed.
    async fn record(&self, track: NewTrack) -> Result<TrackRow, CatalogError> {
        let mut tx = self.db.begin().await?;
        if !store::lock_uploader(&mut tx, &track.uploaded_by).await? {
            return Err(internal(anyhow::anyhow!(
                "the profile of {} is gone",
                track.uploaded_by
            )));
        }
        let plan = Plan::from_stored(
            store::plan_of(&mut tx, &track.uploaded_by)
                .await?
                .as_deref(),
        );
        let now = Timestamp::now();
        let used =
            store::count_uploads_since_in(&mut tx, &track.uploaded_by, month_start(now)).await?;
        if !may_upload(plan, used) {
            return Err(CatalogError::UploadLimitReached);
        }
        store::insert_track(&mut tx, &track, now).await?;
        self.jobs
            .enqueue(
                &mut tx,
                &Job::ProcessTrack {
                    track_id: track.id.clone(),
                },
                now,
            )
            .await?;
        tx.commit().await?;
        Ok(TrackRow {
            id: track.id,
            uploaded_by: track.uploaded_by,
            title: track.title,
            artist: track.artist,
            album: track.album,
            genre: track.genre,
            duration_secs: track.duration_secs,
            plays: 0,
            verified: false,
            status: TrackStatus::Processing.as_str().to_owned(),
            failure_reason: None,
            cover_key: track.cover_key,
            cover_large_key: track.cover_large_key,
            created_at: now,
        })
    }
}

/// Checks the audio by decoding it: its bytes decide, never its name or declared type.
async fn probe_audio(path: &Path) -> Result<Probe, CatalogError> {
    let path = path.to_owned();
    match tokio::task::spawn_blocking(move || audio::probe(&path))
        .await
        .map_err(internal)?
    {
        Ok(probe) => Ok(probe),
        Err(ProbeError::NotAudio) => Err(CatalogError::NotAudio),
        Err(ProbeError::Undecodable(_)) => Err(CatalogError::UndecodableAudio),
        Err(ProbeError::Io(err)) => Err(internal(err)),
    }
}

async fn cover_images(cover: UploadedFile) -> Result<CoverImages, CatalogError> {
    let bytes = tokio::fs::read(cover.file.path()).await.map_err(internal)?;
    let _permit = COVER_DECODES.acquire().await.map_err(internal)?;
    tokio::task::spawn_blocking(move || cover::process(&bytes))
        .await
        .map_err(internal)?
        .map_err(|_| CatalogError::NotAnImage)
}

// ---- reading

/// A page of a list and where the next one starts.
#[derive(Clone, Debug)]
pub struct TrackPage {
    pub tracks: Vec<TrackRow>,
    pub next_cursor: Option<String>,
}

/// Ready tracks, newest first; with a query, those whose title, artist, album or genre
/// contains it (case-insensitive), exact title or artist matches first. Keyset-paginated.
pub async fn list_tracks(
    db: &Db,
    query: Option<&str>,
    cursor: Option<&str>,
    limit: Option<u32>,
) -> Result<TrackPage, CatalogError> {
    let limit = limit.unwrap_or(PAGE_DEFAULT).clamp(1, PAGE_MAX) as usize;
    let after = cursor.map(parse_cursor).transpose()?;
    let needle = query
        .map(|q| q.chars().filter(|c| !c.is_control()).collect::<String>())
        .map(|q| q.trim().to_lowercase())
        .filter(|q| !q.is_empty());
    // One more than the page, to know whether another page follows.
    let fetch = limit as i64 + 1;
    let mut ranked: Vec<(i64, TrackRow)> = match &needle {
        None => store::newest(db, after.as_ref(), fetch)
            .await?
            .into_iter()
            .map(|track| (0, track))
            .collect(),
        Some(needle) => store::search(db, needle, after.as_ref(), fetch)
            .await?
            .into_iter()
            .map(|row| (row.match_rank, row.track))
            .collect(),
    };
    let next_cursor = if ranked.len() > limit {
        ranked.truncate(limit);
        ranked.last().map(|(rank, track)| {
            encode_cursor(&ListPosition {
                rank: *rank,
                created_at: track.created_at,
                id: track.id.clone(),
            })
        })
    } else {
        None
    };
    Ok(TrackPage {
        tracks: ranked.into_iter().map(|(_, track)| track).collect(),
        next_cursor,
    })
}

/// A cursor is the last position of a page, opaque to clients.
fn encode_cursor(position: &ListPosition) -> String {
    URL_SAFE_NO_PAD.encode(format!(
        "{}|{}|{}",
        position.rank, position.created_at, position.id
    ))
}

fn parse_cursor(cursor: &str) -> Result<ListPosition, CatalogError> {
    let invalid = || CatalogError::InvalidCursor;
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| invalid())?;
    let text = String::from_utf8(bytes).map_err(|_| invalid())?;
    let mut parts = text.splitn(3, '|');
    let (Some(rank), Some(created_at), Some(id)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(invalid());
    };
    let created_at = DateTime::parse_from_rfc3339(created_at).map_err(|_| invalid())?;
    Ok(ListPosition {
        rank: rank.parse().map_err(|_| invalid())?,
        created_at: Timestamp::from(created_at.with_timezone(&Utc)),
        id: id.to_owned(),
    })
}

/// Who uploaded a track, as the track page shows them.
#[derive(Clone, Debug)]
pub struct Uploader {
    pub id: String,
    pub name: String,
    pub avatar_key: Option<String>,
}

/// A track with what its page shows beside it.
#[derive(Clone, Debug)]
pub struct TrackDetail {
    pub track: TrackRow,
    pub waveform: Option<Vec<u8>>,
    pub loudness_lufs: Option<f64>,
    pub uploader: Uploader,
    pub up_next: Vec<TrackRow>,
}

/// A track as `viewer` may see it: ready, or their own upload in any state.
pub async fn track_detail(
    db: &Db,
    viewer: &str,
    track_id: &str,
) -> Result<TrackDetail, CatalogError> {
    let row = store::find_visible(db, track_id, viewer)
        .await?
        .ok_or(CatalogError::TrackNotFound)?;
    let up_next = store::related(
        db,
        &row.track.id,
        &row.track.artist,
        row.track.album.as_deref(),
        UP_NEXT,
    )
    .await?;
    let waveform = row
        .peaks
        .as_deref()
        .map(serde_json::from_str::<Vec<u8>>)
        .transpose()
        .map_err(internal)?;
    Ok(TrackDetail {
        uploader: Uploader {
            id: row.track.uploaded_by.clone(),
            name: row.uploader_name.unwrap_or_default(),
            avatar_key: row.uploader_avatar_key,
        },
        track: row.track,
        waveform,
        loudness_lufs: row.loudness_lufs,
        up_next,
    })
}

/// An album on the artist page: its name ('Singles' for tracks without one) and its tracks
/// in upload order.
#[derive(Clone, Debug)]
pub struct Album {
    pub name: String,
    pub tracks: Vec<TrackRow>,
}

#[derive(Clone, Debug)]
pub struct ArtistPage {
    pub name: String,
    /// Most played first.
    pub top_tracks: Vec<TrackRow>,
    pub albums: Vec<Album>,
    pub total_plays: i64,
    pub verified: bool,
    pub profile: Option<ArtistProfileRow>,
}

/// The artist of exactly this name: their ready tracks, albums, plays, and the profile of
/// that name when there is one.
pub async fn artist_page(db: &Db, name: &str) -> Result<ArtistPage, CatalogError> {
    let top_tracks = store::by_artist(db, name).await?;
    let profile = store::artist_profile(db, name).await?;
    if top_tracks.is_empty() && profile.is_none() {
        return Err(CatalogError::ArtistNotFound);
    }
    Ok(ArtistPage {
        name: name.to_owned(),
        albums: group_albums(&top_tracks),
        total_plays: top_tracks.iter().map(|t| t.plays).sum(),
        verified: top_tracks.iter().any(|t| t.verified),
        top_tracks,
        profile,
    })
}

/// Groups tracks by album name, tracks in upload order; the album with the newest upload
/// first, 'Singles' last.
pub fn group_albums(tracks: &[TrackRow]) -> Vec<Album> {
    let mut by_age: Vec<&TrackRow> = tracks.iter().collect();
    by_age.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    let mut albums: Vec<Album> = Vec::new();
    for track in by_age {
        let name = track.album.as_deref().unwrap_or(SINGLES);
        match albums.iter_mut().find(|album| album.name == name) {
            Some(album) => album.tracks.push(track.clone()),
            None => albums.push(Album {
                name: name.to_owned(),
                tracks: vec![track.clone()],
            }),
        }
    }
    albums.sort_by(|a, b| {
        let newest = |album: &Album| album.tracks.last().map(|t| t.created_at);
        (a.name == SINGLES)
            .cmp(&(b.name == SINGLES))
            .then_with(|| newest(b).cmp(&newest(a)))
    });
    albums
}

/// The user's own uploads in every state, newest first.
pub async fn my_tracks(db: &Db, user: &str) -> Result<Vec<TrackRow>, CatalogError> {
    Ok(store::uploaded_by(db, user).await?)
}

/// How many uploads the user made this calendar month (UTC) and how many the plan allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UploadAllowance {
    pub used: i64,
    pub limit: Option<u32>,
    pub plan: Plan,
    pub resets_at: Timestamp,
}

pub async fn upload_allowance(db: &Db, user: &str) -> Result<UploadAllowance, CatalogError> {
    let plan = Plan::from_stored(Some(&my_profile(db, user).await?.subscription_plan));
    let now = Timestamp::now();
    Ok(UploadAllowance {
        used: store::count_uploads_since(db, user, month_start(now)).await?,
        limit: plan.monthly_upload_limit(),
        plan,
        resets_at: next_month_start(now),
    })
}

/// The home page: the stat cards and the newest tracks.
#[derive(Clone, Debug)]
pub struct HomeSummary {
    pub your_tracks: i64,
    pub liked_songs: i64,
    pub playlists: i64,
    pub plan: Plan,
    pub recent: Vec<TrackRow>,
}

pub async fn home(db: &Db, user: &str) -> Result<HomeSummary, CatalogError> {
    let plan = Plan::from_stored(Some(&my_profile(db, user).await?.subscription_plan));
    Ok(HomeSummary {
        your_tracks: store::count_uploaded_by(db, user).await?,
        liked_songs: likes::count_likes(db, user).await?,
        playlists: playlists::count_playlists(db, user).await?,
        plan,
        recent: store::newest(db, None, HOME_RECENT).await?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        Timestamp::from(
            DateTime::parse_from_rfc3339(text)
                .unwrap()
                .with_timezone(&Utc),
        )
    }

    #[test]
    fn title_and_artist_are_required_in_that_order() {
        assert!(matches!(
            TrackText::parse(Some("  "), None, None, None),
            Err(CatalogError::MissingTitle)
        ));
        assert!(matches!(
            TrackText::parse(Some("Song"), Some("\t"), None, None),
            Err(CatalogError::MissingArtist)
        ));
        let text =
            TrackText::parse(Some(" Song "), Some("Ana\n"), Some(" "), Some("Jazz")).unwrap();
        assert_eq!(text.title, "Song");
        assert_eq!(text.artist, "Ana");
        assert_eq!(text.album, None);
        assert_eq!(text.genre.as_deref(), Some("Jazz"));
        assert_eq!(
            CatalogError::MissingTitle.to_string(),
            "Please enter a title."
        );
        assert_eq!(
            CatalogError::MissingArtist.to_string(),
            "Please enter an artist name."
        );
    }

    #[test]
    fn text_has_at_most_200_characters_and_no_control_characters() {
        assert!(TrackText::parse(Some(&"ö".repeat(200)), Some("a"), None, None).is_ok());
        let long = TrackText::parse(Some("t"), Some("a"), Some(&"ö".repeat(201)), None);
        assert_eq!(
            long.unwrap_err().to_string(),
            "Album must be at most 200 characters."
        );
        let text = TrackText::parse(Some("a\u{0}b\nc"), Some("x"), None, None).unwrap();
        assert_eq!(text.title, "a b c");
    }

    #[test]
    fn search_keys_are_lowercased_beyond_ascii() {
        let text = TrackText::parse(Some("Schrei"), Some("Die Ärzte"), None, Some("PUNK")).unwrap();
        let (title, artist, search) = text.search_keys();
        assert_eq!(title, "schrei");
        assert_eq!(artist, "die ärzte");
        assert_eq!(search, "schrei\u{1f}die ärzte\u{1f}punk");
    }

    #[test]
    fn months_are_calendar_months_in_utc() {
        let now = at("2026-12-31T23:59:59.999999Z");
        assert_eq!(month_start(now), at("2026-12-01T00:00:00Z"));
        assert_eq!(next_month_start(now), at("2027-01-01T00:00:00Z"));
        assert_eq!(
            next_month_start(at("2026-01-15T00:00:00Z")),
            at("2026-02-01T00:00:00Z")
        );
    }

    #[test]
    fn the_limit_follows_the_plan() {
        assert!(may_upload(Plan::Free, 49));
        assert!(!may_upload(Plan::Free, 50));
        assert!(may_upload(Plan::Basic, 99));
        assert!(!may_upload(Plan::Basic, 100));
        assert!(may_upload(Plan::Premium, 1_000_000));
    }

    #[test]
    fn a_cursor_reads_back_and_garbage_is_refused() {
        let position = ListPosition {
            rank: 1,
            created_at: at("2026-03-04T05:06:07.123456Z"),
            id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b".into(),
        };
        assert_eq!(parse_cursor(&encode_cursor(&position)).unwrap(), position);
        for bad in [
            "",
            "!!",
            "bm90IGEgY3Vyc29y",
            &URL_SAFE_NO_PAD.encode("x|y|z"),
        ] {
            assert!(matches!(
                parse_cursor(bad),
                Err(CatalogError::InvalidCursor)
            ));
        }
    }

    fn track(id: &str, album: Option<&str>, created: &str) -> TrackRow {
        TrackRow {
            id: id.into(),
            uploaded_by: "u".into(),
            title: id.into(),
            artist: "a".into(),
            album: album.map(Into::into),
            genre: None,
            duration_secs: 1,
            plays: 0,
            verified: false,
            status: "ready".into(),
            failure_reason: None,
            cover_key: None,
            cover_large_key: None,
            created_at: at(created),
        }
    }

    #[test]
    fn albums_group_by_name_with_singles_last() {
        let tracks = [
            track("s1", None, "2026-01-05T00:00:00Z"),
            track("b2", Some("B"), "2026-01-04T00:00:00Z"),
            track("a1", Some("A"), "2026-01-01T00:00:00Z"),
            track("b1", Some("B"), "2026-01-03T00:00:00Z"),
            track("a2", Some("A"), "2026-01-02T00:00:00Z"),
        ];

        let albums = group_albums(&tracks);

        let shape: Vec<(&str, Vec<&str>)> = albums
            .iter()
            .map(|a| {
                (
                    a.name.as_str(),
                    a.tracks.iter().map(|t| t.id.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            [
                ("B", vec!["b1", "b2"]),
                ("A", vec!["a1", "a2"]),
                ("Singles", vec!["s1"]),
            ]
        );
    }
}
