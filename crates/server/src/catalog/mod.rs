//! The catalog: uploading tracks (checked by their bytes, limited per plan, processed in the
//! background), and finding them again (the newest, search, a track with what plays next, an
//! artist's page, my uploads, the home summary).

pub mod cover;
pub mod demo;
pub mod file_name;
pub mod processing;
pub mod routes;
pub mod service;
pub mod store;
mod upload_form;

use crate::media::{MediaError, MediaKey, MediaStore};

/// Where a track is on its way from upload to streamable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TrackStatus {
    /// Uploaded; renditions, waveform and loudness are being made.
    Processing,
    /// Streamable.
    Ready,
    /// Processing gave up; `failure_reason` says why.
    Failed,
}

impl TrackStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Processing => "processing",
            Self::Ready => "ready",
            Self::Failed => "failed",
        }
    }

    /// Reads a stored status; anything unknown reads as failed, which no one can stream.
    pub fn from_stored(value: &str) -> Self {
        match value {
            "processing" => Self::Processing,
            "ready" => Self::Ready,
            _ => Self::Failed,
        }
    }
}

/// Media objects written for something the database does not record yet. Unless
/// [`PendingMedia::keep`] is called they are deleted again when this is dropped, on every path
/// out (an error, a refused upload, a cancelled task).
pub struct PendingMedia {
    media: MediaStore,
    keys: Vec<MediaKey>,
}

impl PendingMedia {
    pub fn new(media: &MediaStore) -> Self {
        Self {
            media: media.clone(),
            keys: Vec::new(),
        }
    }

    /// Writes a new object (never overwriting one) and remembers it.
    pub async fn put_new(&mut self, key: MediaKey, bytes: bytes::Bytes) -> Result<(), MediaError> {
        self.media.put_new(&key, bytes).await?;
        self.keys.push(key);
        Ok(())
    }

    /// The objects are recorded: keep them.
    pub fn keep(mut self) {
        self.keys.clear();
    }

    /// Deletes the objects now (dropping deletes them in the background).
    pub async fn discard(mut self) {
        for key in std::mem::take(&mut self.keys) {
            if let Err(err) = self.media.delete(&key).await {
                tracing::warn!(%key, error = %err, "cannot delete unrecorded media");
            }
        }
    }
}

impl Drop for PendingMedia {
    fn drop(&mut self) {
        if self.keys.is_empty() {
            return;
        }
        let (media, keys) = (self.media.clone(), std::mem::take(&mut self.keys));
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            tracing::warn!(?keys, "cannot delete unrecorded media outside the runtime");
            return;
        };
        runtime.spawn(async move {
            for key in keys {
                if let Err(err) = media.delete(&key).await {
                    tracing::warn!(%key, error = %err, "cannot delete unrecorded media");
                }
            }
        });
    }
}
