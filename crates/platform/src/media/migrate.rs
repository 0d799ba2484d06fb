//! `backbeat media migrate --to s3://bucket/prefix`: copies every object of the configured media
//! store to another one (a local library to S3), streaming, then reads each copy back and
//! compares its size and SHA-256 with the original's. An object already at the target with the
//! same size and SHA-256 is skipped, so an interrupted run can simply be run again. The
//! configuration is left alone: the operator switches `BACKBEAT_MEDIA_URL` afterwards.

use std::fmt;

use futures_util::stream::{StreamExt, TryStreamExt};
use object_store::{GetResult, ObjectStoreExt, PutPayload};
use sha2::{Digest, Sha256};

use super::parts::{PartsUpload, UPLOAD_PART};
use super::{MediaError, MediaKey, MediaStore, not_found};

/// Objects copied at once: enough to hide the latency of small ones (covers), few enough to
/// bound memory (each holds at most a few parts of a multipart upload).
const AT_ONCE: usize = 4;

/// What a migration did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Objects of the source, and their bytes.
    pub objects: u64,
    pub bytes: u64,
    /// Objects written to the target.
    pub copied: u64,
    /// Objects that were at the target already, with the same size and SHA-256.
    pub skipped: u64,
    /// Objects whose copy was read back with the source's size and SHA-256.
    pub verified: u64,
    /// Files of a local store that are not media (temporary files, their names starting with
    /// a dot): left behind.
    pub ignored: Vec<String>,
    /// Objects not verified, each with why.
    pub failures: Vec<String>,
}

impl Summary {
    /// Every object was copied or found, and verified.
    pub fn succeeded(&self) -> bool {
        self.failures.is_empty() && self.verified == self.objects
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "objects:  {} ({} bytes)", self.objects, self.bytes)?;
        writeln!(f, "copied:   {}", self.copied)?;
        writeln!(
            f,
            "skipped:  {} (already there with the same size and SHA-256)",
            self.skipped
        )?;
        writeln!(
            f,
            "verified: {} (read back: same size and SHA-256)",
            self.verified
        )?;
        if !self.ignored.is_empty() {
            writeln!(f, "ignored:  {} (not media)", self.ignored.len())?;
            for name in &self.ignored {
                writeln!(f, "  {name}")?;
            }
        }
        if !self.failures.is_empty() {
            writeln!(f, "FAILED:   {}", self.failures.len())?;
            for failure in &self.failures {
                writeln!(f, "  {failure}")?;
            }
        }
        Ok(())
    }
}

/// How one object went.
enum Outcome {
    Copied,
    Skipped,
    Ignored(String),
    Failed(String),
}

/// Copies every object of `from` to `to` and verifies each copy. Files whose name starts with a
/// dot (a local store's temporary files; no media key does) are not media and stay behind.
pub async fn migrate(from: &MediaStore, to: &MediaStore) -> Summary {
    let mut summary = Summary::default();
    let mut objects = from
        .store
        .list(None)
        .map(|meta| async move {
            let meta = match meta {
                Ok(meta) => meta,
                Err(err) => return (0, Outcome::Failed(format!("cannot list the source: {err}"))),
            };
            let name = meta.location.as_ref();
            if name.split('/').any(|segment| segment.starts_with('.')) {
                return (0, Outcome::Ignored(name.to_owned()));
            }
            let outcome = match MediaKey::parse(name) {
                Ok(key) => match copy_verified(from, to, &key, meta.size).await {
                    Ok(outcome) => outcome,
                    Err(err) => Outcome::Failed(format!("{key}: {err}")),
                },
                Err(err) => Outcome::Failed(err.to_string()),
            };
            (meta.size, outcome)
        })
        .buffer_unordered(AT_ONCE);
    while let Some((size, outcome)) = objects.next().await {
        let verified = match outcome {
            Outcome::Ignored(name) => {
                summary.ignored.push(name);
                continue;
            }
            Outcome::Copied => {
                summary.copied += 1;
                true
            }
            Outcome::Skipped => {
                summary.skipped += 1;
                true
            }
            Outcome::Failed(why) => {
                summary.failures.push(why);
                false
            }
        };
        summary.objects += 1;
        summary.bytes += size;
        summary.verified += u64::from(verified);
    }
    summary.failures.sort();
    summary.ignored.sort();
    summary
}

/// Copies one object unless the target has it already, then checks the copy.
async fn copy_verified(
    from: &MediaStore,
    to: &MediaStore,
    key: &MediaKey,
    size: u64,
) -> Result<Outcome, MediaError> {
    let there = match to.store.head(&key.0).await {
        Ok(meta) => Some(meta.size),
        Err(object_store::Error::NotFound { .. }) => None,
        Err(err) => return Err(err.into()),
    };
    if there == Some(size) {
        let original = fingerprint(from, key).await?;
        if fingerprint(to, key).await? == original {
            return Ok(Outcome::Skipped);
        }
    }
    let original = copy(from, to, key).await?;
    let copied = fingerprint(to, key).await?;
    if copied == original {
        Ok(Outcome::Copied)
    } else {
        Ok(Outcome::Failed(format!(
            "{key}: the copy has {copied}, the original {original}"
        )))
    }
}

/// An object's size and SHA-256.
#[derive(Debug, PartialEq, Eq)]
struct Fingerprint {
    size: u64,
    sha256: [u8; 32],
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bytes (SHA-256 {})",
            self.size,
            hex::encode(self.sha256)
        )
    }
}

#[derive(Default)]
struct Hashing {
    size: u64,
    hasher: Sha256,
}

impl Hashing {
    fn update(&mut self, chunk: &[u8]) {
        self.size += chunk.len() as u64;
        self.hasher.update(chunk);
    }

    fn finish(self) -> Fingerprint {
        Fingerprint {
            size: self.size,
            sha256: self.hasher.finalize().into(),
        }
    }
}

/// The object, to be read as a stream.
async fn get(store: &MediaStore, key: &MediaKey) -> Result<GetResult, MediaError> {
    store.store.get(&key.0).await.map_err(|e| not_found(e, key))
}

/// Reads the object as it is stored, chunk by chunk.
async fn fingerprint(store: &MediaStore, key: &MediaKey) -> Result<Fingerprint, MediaError> {
    let result = get(store, key).await?;
    let mut hashing = Hashing::default();
    let mut chunks = result.into_stream();
    while let Some(chunk) = chunks.try_next().await? {
        hashing.update(&chunk);
    }
    Ok(hashing.finish())
}

/// Streams the object from `from` to `to` (replacing a different object there), in parts of
/// [`UPLOAD_PART`] past that size; answers what was read.
async fn copy(
    from: &MediaStore,
    to: &MediaStore,
    key: &MediaKey,
) -> Result<Fingerprint, MediaError> {
    let result = get(from, key).await?;
    let mut hashing = Hashing::default();
    let small = result.meta.size <= UPLOAD_PART;
    let mut chunks = result.into_stream();
    if small {
        let mut bytes = Vec::new();
        while let Some(chunk) = chunks.try_next().await? {
            hashing.update(&chunk);
            bytes.extend_from_slice(&chunk);
        }
        to.store.put(&key.0, PutPayload::from(bytes)).await?;
        return Ok(hashing.finish());
    }
    let mut upload = PartsUpload::start(&to.store, key).await?;
    while let Some(chunk) = chunks.try_next().await? {
        hashing.update(&chunk);
        upload.put(chunk).await?;
    }
    upload.finish().await?;
    Ok(hashing.finish())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bytes::Bytes;
    use object_store::memory::InMemory;

    use super::*;

    fn memory() -> MediaStore {
        MediaStore::new(Arc::new(InMemory::new()))
    }

    async fn put(store: &MediaStore, key: &str, bytes: Vec<u8>) {
        let key = MediaKey::parse(key).unwrap();
        store
            .store
            .put(&key.0, PutPayload::from(bytes))
            .await
            .unwrap();
    }

    async fn bytes_of(store: &MediaStore, key: &str) -> Bytes {
        store.get(&MediaKey::parse(key).unwrap()).await.unwrap()
    }

    #[tokio::test]
    async fn every_object_is_copied_or_found_identical_and_verified_and_a_rerun_copies_nothing() {
        let (from, to) = (memory(), memory());
        let large: Vec<u8> = (0..UPLOAD_PART as usize + 100)
            .map(|i| (i % 251) as u8)
            .collect();
        put(&from, "tracks/u1/1_song.wav", large.clone()).await;
        put(&from, "covers/u1/t1-256.jpg", b"cover".to_vec()).await;
        put(&from, "renditions/t1/r1/standard.mp3", b"standard".to_vec()).await;
        put(&from, "tracks/u1/.tmpA1b2", b"half a copy".to_vec()).await;
        put(&to, "covers/u1/t1-256.jpg", b"cover".to_vec()).await;
        put(&to, "renditions/t1/r1/standard.mp3", b"damaged!".to_vec()).await;

        let first = migrate(&from, &to).await;
        let second = migrate(&from, &to).await;

        assert!(first.succeeded(), "{first}");
        assert_eq!(
            (first.objects, first.copied, first.skipped, first.verified),
            (3, 2, 1, 3)
        );
        assert_eq!(first.bytes, large.len() as u64 + 5 + 8);
        assert_eq!(first.ignored, ["tracks/u1/.tmpA1b2"]);
        assert_eq!(bytes_of(&to, "tracks/u1/1_song.wav").await, large);
        assert_eq!(
            bytes_of(&to, "renditions/t1/r1/standard.mp3").await,
            &b"standard"[..]
        );
        assert!(second.succeeded(), "{second}");
        assert_eq!((second.copied, second.skipped), (0, 3));
        let shown = first.to_string();
        assert!(shown.contains("verified: 3 "), "{shown}");
        assert!(shown.contains("tracks/u1/.tmpA1b2"), "{shown}");
    }
}
