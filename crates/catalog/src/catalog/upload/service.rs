//! Taking an upload: the checks in the upload page's order (audio present, title, artist, the
//! artist name is not another account's verified artist's, the monthly limit, the audio
//! decodes within the limits, the cover is an image), storing the
//! original and the covers, and recording the track with its processing job. When any check
//! fails nothing is stored.

use std::path::{Path, PathBuf};

use bytes::Bytes;
use tokio::sync::Semaphore;

use super::file_name::StoredFileName;
use super::form::{UploadForm, UploadedFile};
use super::processing::ProcessTrack;
use super::reservations::{Reservation, UploadGate};
use super::store::{self, NewTrack, StoredAudio};
use super::track_text::TrackText;
use crate::catalog::artist;
use crate::catalog::track::{TrackRow, TrackStatus};
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_platform::audio::{self, Limits, Probe, ProbeError};
use backbeat_platform::images::cover::{self, CoverImages};
use backbeat_platform::jobs::JobQueue;
use backbeat_platform::media::{MediaError, MediaKey, MediaStore, PendingMedia};
use backbeat_platform::users;

/// Cover decoding may take a few hundred MB; this bounds how many run at once.
static COVER_DECODES: Semaphore = Semaphore::const_new(2);

fn internal(err: impl Into<anyhow::Error>) -> Failure {
    Failure::unexpected(err)
}

/// An upload that passed its checks, ready to store.
struct CheckedUpload {
    text: TrackText,
    audio: UploadedFile,
    probe: Probe,
    covers: Option<CoverImages>,
}

/// Where an upload is checked, stored and recorded.
#[derive(Clone, Debug)]
pub struct Uploads {
    pub db: Db,
    pub media: MediaStore,
    pub jobs: JobQueue,
    pub gate: UploadGate,
    /// How much decoding checking an upload may do.
    pub limits: Limits,
    /// Where the form's files are received (`<data_dir>/tmp`).
    pub tmp_dir: PathBuf,
}

impl Uploads {
    /// Checks an upload, stores its original and covers, records the track and enqueues its
    /// processing. Checks, in order: audio present, title, artist, the artist name is not a
    /// verified artist's of another account, the monthly limit, the audio decodes (within the
    /// limits), the cover is an image. When any check fails nothing is stored.
    ///
    /// The monthly slot is reserved before the audio is checked and held until the track is
    /// recorded (or released on failure), so of many concurrent uploads only as many are
    /// decoded as could be recorded.
    pub async fn upload(&self, uploader: &UserId, form: UploadForm) -> Result<TrackRow, Failure> {
        let audio = form.audio.ok_or(errors::AUDIO_REQUIRED)?;
        let text = TrackText::parse(
            form.title.as_deref(),
            form.artist.as_deref(),
            form.album.as_deref(),
            form.genre.as_deref(),
        )?;
        artist::service::may_upload_as(&self.db, uploader, &text.artist).await?;
        let reservation = Reservation::reserve(&self.db, uploader).await?;
        let checked = match self.check(text, audio, form.cover).await {
            Ok(checked) => checked,
            Err(err) => {
                reservation.release().await;
                return Err(err);
            }
        };
        // Storing and recording run to their end even when the client goes away, so that what
        // was stored is either recorded or removed.
        let uploads = self.clone();
        let uploader = uploader.to_owned();
        tokio::spawn(async move { uploads.publish(&uploader, checked, reservation).await })
            .await
            .map_err(internal)?
    }

    /// The expensive checks: the audio decodes within the limits, the cover is an image.
    async fn check(
        &self,
        text: TrackText,
        audio: UploadedFile,
        cover: Option<UploadedFile>,
    ) -> Result<CheckedUpload, Failure> {
        let probe = self.probe_audio(audio.file.path()).await?;
        let covers = match cover {
            Some(cover) => Some(cover_images(cover).await?),
            None => None,
        };
        Ok(CheckedUpload {
            text,
            audio,
            probe,
            covers,
        })
    }

    /// Checks the audio by decoding it, within the limits, when its turn comes: its bytes
    /// decide, never its name or declared type.
    async fn probe_audio(&self, path: &Path) -> Result<Probe, Failure> {
        let _turn = self.gate.audio_check().await?;
        let (path, limits) = (path.to_owned(), self.limits);
        match tokio::task::spawn_blocking(move || audio::probe(&path, &limits))
            .await
            .map_err(internal)?
        {
            Ok(probe) => Ok(probe),
            Err(ProbeError::NotAudio) => Err(errors::NOT_AUDIO.into()),
            Err(ProbeError::Undecodable(_) | ProbeError::TimedOut) => {
                Err(errors::UNDECODABLE_AUDIO.into())
            }
            Err(ProbeError::OverLimit(reason)) => {
                tracing::info!(%reason, "refused an upload over the audio limits");
                Err(errors::UNDECODABLE_AUDIO.into())
            }
            Err(ProbeError::Io(err)) => Err(internal(err)),
        }
    }

    async fn publish(
        &self,
        uploader: &UserId,
        upload: CheckedUpload,
        reservation: Reservation,
    ) -> Result<TrackRow, Failure> {
        let mut pending = PendingMedia::new(&self.media);
        let recorded = match self.store_files(&mut pending, uploader, upload).await {
            Ok(track) => self.record(track, &reservation).await,
            Err(err) => Err(err),
        };
        match recorded {
            Ok(track) => {
                pending.keep();
                reservation.recorded();
                self.jobs.wake();
                Ok(track)
            }
            Err(err) => {
                pending.discard().await;
                reservation.release().await;
                Err(err)
            }
        }
    }

    /// Stores the original at `tracks/{uploader}/{millis}_{name}` (numbered when taken) and
    /// the covers at `covers/{uploader}/{track_id}-{side}.jpg`.
    async fn store_files(
        &self,
        pending: &mut PendingMedia,
        uploader: &UserId,
        upload: CheckedUpload,
    ) -> Result<NewTrack, Failure> {
        let CheckedUpload {
            text,
            audio,
            probe,
            covers,
        } = upload;
        let track_id = TrackId::generate();
        let name = StoredFileName::from_client(audio.client_name.as_deref(), probe.format.as_str());
        let millis = Timestamp::now().as_datetime().timestamp_millis();
        let mut stored = None;
        for n in 0..100 {
            let key = MediaKey::parse(&format!("tracks/{uploader}/{millis}_{}", name.numbered(n)))?;
            match pending.put_file_new(key.clone(), audio.file.path()).await {
                Ok(size) => {
                    stored = Some((key, size));
                    break;
                }
                Err(MediaError::AlreadyExists(_)) => continue,
                Err(err) => return Err(err.into()),
            }
        }
        let (audio_key, size) = stored.ok_or_else(|| {
            internal(anyhow::anyhow!(
                "no free name for the upload of {uploader} at {millis}"
            ))
        })?;

        let covers = match covers {
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
                Some((list.to_string(), page.to_string()))
            }
            None => None,
        };

        let audio = StoredAudio {
            key: audio_key.to_string(),
            content_type: probe.format.content_type().to_owned(),
            size_bytes: i64::try_from(size).map_err(internal)?,
            duration_secs: i64::from(probe.duration_secs),
            lossless: probe.format.is_lossless(),
        };
        Ok(NewTrack::new(track_id, uploader, text, audio, covers))
    }

    /// Records the track and its processing job in one transaction that holds the uploader's
    /// profile row and takes the upload's reserved slot: concurrent uploads of one user count
    /// and insert one at a time, so the monthly limit is never passed.
    async fn record(
        &self,
        track: NewTrack,
        reservation: &Reservation,
    ) -> Result<TrackRow, Failure> {
        let mut tx = self.db.begin().await?;
        if !users::lock(&mut tx, &track.uploaded_by).await? {
            return Err(internal(anyhow::anyhow!(
                "the profile of {} is gone",
                track.uploaded_by
            )));
        }
        let now = Timestamp::now();
        reservation.take(&mut tx, now).await?;
        store::insert_track(&mut tx, &track, now).await?;
        let job = ProcessTrack {
            track_id: track.id.clone(),
        };
        self.jobs
            .enqueue(&mut tx, ProcessTrack::KIND, &job, now)
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
            status: TrackStatus::Processing,
            failure_reason: None,
            cover_key: track.cover_key,
            cover_large_key: track.cover_large_key,
            created_at: now,
        })
    }
}

async fn cover_images(cover: UploadedFile) -> Result<CoverImages, Failure> {
    let bytes = tokio::fs::read(cover.file.path()).await.map_err(internal)?;
    let _permit = COVER_DECODES.acquire().await.map_err(internal)?;
    tokio::task::spawn_blocking(move || cover::process(&bytes))
        .await
        .map_err(internal)?
        .map_err(|_| errors::NOT_AN_IMAGE.into())
}

/// A page of the user's own uploads in every state, newest first.
pub async fn my_tracks(db: &Db, user: &UserId, page: &PageRequest) -> sqlx::Result<Page<TrackRow>> {
    let after = page.after_descending();
    let rows = store::uploaded_by(db, user, false, &after, page.fetch()).await?;
    Ok(Page::cut(rows, page, |track| {
        Position::new(0, track.created_at, &track.id)
    }))
}
