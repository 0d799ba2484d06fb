//! Media written ahead of the database row that will record it.

use super::{MediaError, MediaKey, MediaStore};

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

    /// Writes a new object from a file (never overwriting one) and remembers it; answers its
    /// size.
    pub async fn put_file_new(
        &mut self,
        key: MediaKey,
        file: &std::path::Path,
    ) -> Result<u64, MediaError> {
        let size = self.media.put_file_new(&key, file).await?;
        self.keys.push(key);
        Ok(size)
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
