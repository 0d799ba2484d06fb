//! Media storage: audio, covers and avatars behind `object_store`, so the local filesystem (the
//! default, under the data directory) and S3-compatible storage are interchangeable.
//!
//! Keys are relative paths such as `tracks/{userId}/{timestamp}_{name}`; [`MediaKey`] refuses
//! anything that could escape the store (`..`, absolute paths, empty segments).

pub mod hot;
mod local;
pub mod migrate;
mod parts;
mod pending;
pub mod routes;
mod s3;

pub use local::STREAM_CHUNK;
pub use pending::PendingMedia;
pub use s3::S3Settings;

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use self::hot::{HotFiles, slice_of};
use self::local::{link_new_blocking, read_chunks};
use self::parts::{PartsUpload, UPLOAD_PART};
use bytes::Bytes;
use futures_util::stream::{BoxStream, StreamExt, TryStreamExt};
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::{GetOptions, ObjectStore, ObjectStoreExt, PutMode, PutOptions, PutPayload};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("invalid media key {0:?}")]
    InvalidKey(String),
    #[error("media object {0} already exists")]
    AlreadyExists(MediaKey),
    #[error("media object {0} not found")]
    NotFound(MediaKey),
    #[error("media storage failed: {0}")]
    Store(#[from] object_store::Error),
    #[error("media storage failed: {0}")]
    Io(#[from] std::io::Error),
}

impl From<MediaError> for backbeat_core::errors::Failure {
    fn from(err: MediaError) -> Self {
        Self::unexpected(err)
    }
}

impl From<MediaError> for backbeat_core::http::error::ApiError {
    fn from(err: MediaError) -> Self {
        Self::internal(err)
    }
}

/// A validated key inside the media store.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MediaKey(StorePath);

impl MediaKey {
    pub fn parse(key: &str) -> Result<Self, MediaError> {
        let invalid = || MediaError::InvalidKey(key.to_owned());
        if key.is_empty() || key.starts_with('/') || key.contains('\\') || key.contains('\0') {
            return Err(invalid());
        }
        if key
            .split('/')
            .any(|segment| segment.is_empty() || segment == "." || segment == "..")
        {
            return Err(invalid());
        }
        StorePath::parse(key).map(Self).map_err(|_| invalid())
    }

    pub fn as_str(&self) -> &str {
        self.0.as_ref()
    }
}

impl fmt::Display for MediaKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MediaKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MediaKey({})", self.as_str())
    }
}

/// What the store knows about an object.
#[derive(Clone, Debug)]
pub struct MediaMeta {
    pub size: u64,
    pub e_tag: Option<String>,
    pub last_modified: chrono::DateTime<chrono::Utc>,
}

/// Where media objects live: a folder, or a bucket (under a prefix) of S3-compatible storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MediaLocation {
    Local(PathBuf),
    S3(S3Settings),
}

impl MediaLocation {
    /// `file:///path` or `s3://bucket/prefix`, as `BACKBEAT_MEDIA_URL` names it.
    pub fn url(&self) -> String {
        match self {
            Self::Local(dir) => url::Url::from_directory_path(dir)
                .map_or_else(|()| dir.display().to_string(), String::from),
            Self::S3(settings) => settings.url(),
        }
    }
}

impl fmt::Display for MediaLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url())
    }
}

#[derive(Clone, Debug)]
pub struct MediaStore {
    store: Arc<dyn ObjectStore>,
    /// The same store when it is the local filesystem: streams read its files directly.
    local: Option<Arc<LocalFileSystem>>,
    /// Recently streamed files kept in memory, when a budget is set.
    hot: Option<Arc<HotFiles>>,
    /// Presigned URLs of the objects, on S3.
    presigner: Option<s3::Presigner>,
    /// When streams are answered with a redirect to a presigned URL
    /// ([`Self::stream_redirect`]): the origin of those URLs.
    redirect_origin: Option<Arc<str>>,
    /// Where the objects are, for messages.
    location: Arc<str>,
}

impl MediaStore {
    /// The store at `location` (a local folder is created when missing).
    pub fn open(location: &MediaLocation) -> Result<Self, MediaError> {
        match location {
            MediaLocation::Local(root) => Self::local(root),
            MediaLocation::S3(settings) => {
                let (store, presigner) = s3::open(settings)?;
                Ok(Self {
                    presigner: Some(presigner),
                    location: settings.url().into(),
                    ..Self::new(store)
                })
            }
        }
    }

    /// A store on the local filesystem under `root` (created when missing).
    pub fn local(root: &Path) -> Result<Self, MediaError> {
        std::fs::create_dir_all(root)?;
        let store = Arc::new(LocalFileSystem::new_with_prefix(root)?.with_automatic_cleanup(true));
        Ok(Self {
            local: Some(store.clone()),
            location: MediaLocation::Local(root.to_owned()).url().into(),
            ..Self::new(store)
        })
    }

    pub fn new(store: Arc<dyn ObjectStore>) -> Self {
        Self {
            store,
            local: None,
            hot: None,
            presigner: None,
            redirect_origin: None,
            location: "object store".into(),
        }
    }

    /// Keeps up to `budget` bytes of recently streamed files in memory ([`HotFiles`]); 0 keeps
    /// none.
    pub fn with_hot_files(mut self, budget: u64) -> Self {
        self.hot = (budget > 0).then(|| Arc::new(HotFiles::new(budget)));
        self
    }

    /// Where the objects are: `file:///path/` or `s3://bucket/prefix`.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// Whether the store answers, so a wrong bucket, key or endpoint stops the server at start
    /// rather than failing its first upload: a folder is there (it was created); a bucket is
    /// listed (one request, the top folders only).
    pub async fn check(&self) -> Result<(), MediaError> {
        if self.local.is_some() {
            return Ok(());
        }
        match tokio::time::timeout(CHECK_TIMEOUT, self.store.list_with_delimiter(None)).await {
            Ok(listed) => listed.map(drop).map_err(MediaError::from),
            Err(_) => Err(MediaError::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("no answer within {} s", CHECK_TIMEOUT.as_secs()),
            ))),
        }
    }

    /// Writes a new object; an existing object at `key` is never overwritten.
    pub async fn put_new(&self, key: &MediaKey, bytes: Bytes) -> Result<(), MediaError> {
        let options = PutOptions {
            mode: PutMode::Create,
            ..PutOptions::default()
        };
        match self
            .store
            .put_opts(&key.0, PutPayload::from(bytes), options)
            .await
        {
            Ok(_) => Ok(()),
            Err(object_store::Error::AlreadyExists { .. }) => {
                Err(MediaError::AlreadyExists(key.clone()))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Writes a new object with the contents of `file`, never holding it in memory whole; an
    /// existing object at `key` is never overwritten. Answers the object's size.
    ///
    /// On the local filesystem the object becomes a hard link to `file` when both are on one
    /// file system (no copy at all), else a copy made beside it and linked into place, so the
    /// object never appears half written. Other stores get the file in one conditional put
    /// (`If-None-Match: *` on S3) up to [`UPLOAD_PART`], else a multipart upload, which S3
    /// cannot make conditional through `object_store`: it is checked for an existing object
    /// first. Two writers of one key could then race only by writing the same new key at the
    /// same moment, and keys name their uploader and millisecond.
    pub async fn put_file_new(&self, key: &MediaKey, file: &Path) -> Result<u64, MediaError> {
        if let Some(local) = &self.local {
            let target = local.path_to_filesystem(&key.0)?;
            return link_new_blocking(file.to_owned(), target)
                .await
                .map_err(|err| match err.kind() {
                    std::io::ErrorKind::AlreadyExists => MediaError::AlreadyExists(key.clone()),
                    _ => MediaError::Io(err),
                });
        }
        match self.store.head(&key.0).await {
            Ok(_) => return Err(MediaError::AlreadyExists(key.clone())),
            Err(object_store::Error::NotFound { .. }) => {}
            Err(err) => return Err(err.into()),
        }
        let mut source = tokio::fs::File::open(file).await?;
        let size = source.metadata().await?.len();
        if size <= UPLOAD_PART {
            let mut bytes = Vec::with_capacity(size as usize);
            source.read_to_end(&mut bytes).await?;
            self.put_new(key, Bytes::from(bytes)).await?;
            return Ok(size);
        }
        let mut upload = PartsUpload::start(&self.store, key).await?;
        let mut buffer = vec![0; 256 * 1024];
        loop {
            let read = source.read(&mut buffer).await?;
            if read == 0 {
                break;
            }
            upload.put(Bytes::copy_from_slice(&buffer[..read])).await?;
        }
        upload.finish().await?;
        Ok(size)
    }

    /// Writes the object into a new file at `file`, chunk by chunk (a hard link on the local
    /// filesystem where possible).
    pub async fn download(&self, key: &MediaKey, file: &Path) -> Result<u64, MediaError> {
        if let Some(local) = &self.local {
            let source = local.path_to_filesystem(&key.0)?;
            return link_new_blocking(source, file.to_owned())
                .await
                .map_err(|err| match err.kind() {
                    std::io::ErrorKind::NotFound => MediaError::NotFound(key.clone()),
                    _ => MediaError::Io(err),
                });
        }
        let result = self
            .store
            .get(&key.0)
            .await
            .map_err(|e| not_found(e, key))?;
        let mut chunks = result.into_stream();
        let mut out = tokio::fs::File::create_new(file).await?;
        let mut size = 0;
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk?;
            size += chunk.len() as u64;
            out.write_all(&chunk).await?;
        }
        out.flush().await?;
        Ok(size)
    }

    pub async fn get(&self, key: &MediaKey) -> Result<Bytes, MediaError> {
        let result = self
            .store
            .get(&key.0)
            .await
            .map_err(|e| not_found(e, key))?;
        Ok(result.bytes().await?)
    }

    /// The object's bytes together with what the store knows about it, read in one request.
    pub async fn get_with_meta(&self, key: &MediaKey) -> Result<(MediaMeta, Bytes), MediaError> {
        let result = self
            .store
            .get(&key.0)
            .await
            .map_err(|e| not_found(e, key))?;
        let meta = MediaMeta {
            size: result.meta.size,
            e_tag: result.meta.e_tag.clone(),
            last_modified: result.meta.last_modified,
        };
        Ok((meta, result.bytes().await?))
    }

    pub async fn get_range(&self, key: &MediaKey, range: Range<u64>) -> Result<Bytes, MediaError> {
        self.store
            .get_range(&key.0, range)
            .await
            .map_err(|e| not_found(e, key))
    }

    /// A byte range of an object as a stream, read while it is sent.
    ///
    /// Local files are opened and read on the calling thread in chunks of [`STREAM_CHUNK`], as
    /// nginx reads files in its event loop: from the page cache that takes microseconds, less
    /// than handing each read to another thread (which cost over half the throughput in the
    /// streaming benchmark, docs/BENCHMARKS.md); other stores answer a ranged GET. With a
    /// hot-file budget ([`Self::with_hot_files`]) an object streamed once is then loaded into
    /// memory, and later ranges of it are slices of those bytes.
    pub async fn stream_range(
        &self,
        key: &MediaKey,
        range: Range<u64>,
    ) -> Result<BoxStream<'static, Result<Bytes, MediaError>>, MediaError> {
        if let Some(bytes) = self.hot.as_ref().and_then(|hot| hot.get(key)) {
            return slice_of(bytes, range);
        }
        if let Some(local) = &self.local {
            let path = local.path_to_filesystem(&key.0)?;
            let file = std::fs::File::open(&path).map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => MediaError::NotFound(key.clone()),
                _ => MediaError::Io(e),
            })?;
            self.keep_hot(key, file.metadata()?.len(), Some(path));
            return Ok(read_chunks(file, range));
        }
        let options = GetOptions {
            range: Some(range.into()),
            ..GetOptions::default()
        };
        let result = self
            .store
            .get_opts(&key.0, options)
            .await
            .map_err(|e| not_found(e, key))?;
        self.keep_hot(key, result.meta.size, None);
        Ok(result.into_stream().map_err(MediaError::from).boxed())
    }

    /// Loads the object of `size` bytes into the hot files in the background, when it fits and
    /// is not there yet: the local file at `path`, else the object read whole from the store
    /// (one request instead of one per range the player asks for next).
    fn keep_hot(&self, key: &MediaKey, size: u64, path: Option<PathBuf>) {
        let Some(hot) = self.hot.as_ref().filter(|hot| hot.claim(key, size)) else {
            return;
        };
        let (hot, key) = (hot.clone(), key.clone());
        let Some(path) = path else {
            let store = self.store.clone();
            drop(tokio::spawn(async move {
                let bytes = match store.get(&key.0).await {
                    Ok(result) => result.bytes().await,
                    Err(err) => Err(err),
                };
                match bytes {
                    Ok(bytes) => hot.loaded(&key, bytes),
                    Err(_) => hot.abandon(&key),
                }
            }));
            return;
        };
        drop(tokio::task::spawn_blocking(move || {
            match std::fs::read(&path) {
                Ok(bytes) => hot.loaded(&key, Bytes::from(bytes)),
                Err(_) => hot.abandon(&key),
            }
        }));
    }

    pub async fn head(&self, key: &MediaKey) -> Result<MediaMeta, MediaError> {
        let meta = self
            .store
            .head(&key.0)
            .await
            .map_err(|e| not_found(e, key))?;
        Ok(MediaMeta {
            size: meta.size,
            e_tag: meta.e_tag,
            last_modified: meta.last_modified,
        })
    }

    /// Removes an object; removing one that is not there is not an error.
    pub async fn delete(&self, key: &MediaKey) -> Result<(), MediaError> {
        match self.store.delete(&key.0).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes every object under the folder `folder` (whole path segments: `renditions/t1`
    /// holds `renditions/t1/run/high.mp3`, not `renditions/t10/...`) whose key is not in
    /// `keep`. Answers how many it deleted.
    pub async fn delete_all_under_except(
        &self,
        folder: &MediaKey,
        keep: &[String],
    ) -> Result<usize, MediaError> {
        let listed: Vec<_> = self.store.list(Some(&folder.0)).try_collect().await?;
        let mut deleted = 0;
        for object in listed {
            if keep
                .iter()
                .any(|key| key.as_str() == object.location.as_ref())
            {
                continue;
            }
            self.delete(&MediaKey(object.location)).await?;
            deleted += 1;
        }
        Ok(deleted)
    }

    /// [`Self::delete_all_under_except`] for the clean-up after a job: deletes what its
    /// interrupted attempts stored under `folder` and never recorded, given the keys that are
    /// `recorded` (or why they could not be read). What goes wrong is logged, not answered.
    pub async fn tidy<E: fmt::Display>(&self, folder: &str, recorded: Result<Vec<String>, E>) {
        let keep = match recorded {
            Ok(keep) => keep,
            Err(err) => {
                tracing::warn!(folder, error = %err, "cannot read which files are recorded");
                return;
            }
        };
        let result = match MediaKey::parse(folder) {
            Ok(folder) => self.delete_all_under_except(&folder, &keep).await,
            Err(err) => Err(err),
        };
        match result {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(folder, deleted, "deleted files no attempt recorded"),
            Err(err) => {
                tracing::warn!(folder, error = %err, "cannot delete files no attempt recorded")
            }
        }
    }
}

/// How long [`MediaStore::check`] waits for the store (retries included).
const CHECK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

fn not_found(err: object_store::Error, key: &MediaKey) -> MediaError {
    match err {
        object_store::Error::NotFound { .. } => MediaError::NotFound(key.clone()),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_cannot_escape_the_store() {
        for bad in [
            "",
            "/etc/passwd",
            "a/../b",
            "../a",
            "a//b",
            "a/./b",
            "a\\b",
            "a/",
        ] {
            assert!(MediaKey::parse(bad).is_err(), "{bad:?} was accepted");
        }
        assert_eq!(
            MediaKey::parse("tracks/u1/1700000000_my_song.mp3")
                .unwrap()
                .as_str(),
            "tracks/u1/1700000000_my_song.mp3"
        );
    }

    #[tokio::test]
    async fn a_file_is_stored_and_read_back_without_overwriting() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::local(&dir.path().join("media")).unwrap();
        let key = MediaKey::parse("renditions/t1/run/high.mp3").unwrap();
        let source = dir.path().join("high.mp3");
        let data: Vec<u8> = (0..300_000).map(|i| (i % 253) as u8).collect();
        std::fs::write(&source, &data).unwrap();

        assert_eq!(store.put_file_new(&key, &source).await.unwrap(), 300_000);
        let again = store.put_file_new(&key, &source).await;
        let copy = dir.path().join("copy.mp3");
        store.download(&key, &copy).await.unwrap();

        assert!(matches!(again, Err(MediaError::AlreadyExists(_))));
        assert_eq!(store.get(&key).await.unwrap(), Bytes::from(data.clone()));
        assert_eq!(std::fs::read(&copy).unwrap(), data);
        let missing = MediaKey::parse("renditions/t1/run/none.mp3").unwrap();
        assert!(matches!(
            store.download(&missing, &dir.path().join("none")).await,
            Err(MediaError::NotFound(_))
        ));
    }

    #[tokio::test]
    async fn a_large_file_goes_to_a_remote_store_in_parts_and_comes_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::new(Arc::new(object_store::memory::InMemory::new()));
        let key = MediaKey::parse("tracks/u1/1_long.wav").unwrap();
        let source = dir.path().join("long.wav");
        let data: Vec<u8> = (0..UPLOAD_PART as usize * 2 + 12_345)
            .map(|i| (i % 241) as u8)
            .collect();
        std::fs::write(&source, &data).unwrap();

        store.put_file_new(&key, &source).await.unwrap();
        let again = store.put_file_new(&key, &source).await;
        let copy = dir.path().join("copy.wav");
        let size = store.download(&key, &copy).await.unwrap();

        assert!(matches!(again, Err(MediaError::AlreadyExists(_))));
        assert_eq!(size, data.len() as u64);
        assert!(std::fs::read(&copy).unwrap() == data);
    }

    #[tokio::test]
    async fn a_folder_is_emptied_of_all_but_the_kept_objects_and_no_neighbour() {
        let dir = tempfile::tempdir().unwrap();
        let local = MediaStore::local(dir.path()).unwrap();
        let remote = MediaStore::new(Arc::new(object_store::memory::InMemory::new()));
        for store in [local, remote] {
            let keys = [
                "renditions/t1/run-a/high.mp3",
                "renditions/t1/run-b/high.mp3",
                "renditions/t1/run-b/standard.mp3",
                "renditions/t10/run-c/high.mp3",
            ];
            for key in keys {
                let key = MediaKey::parse(key).unwrap();
                store.put_new(&key, Bytes::from_static(b"x")).await.unwrap();
            }
            let folder = MediaKey::parse("renditions/t1").unwrap();

            let deleted = store
                .delete_all_under_except(&folder, &[keys[0].to_owned()])
                .await
                .unwrap();
            let missing = MediaKey::parse("renditions/none").unwrap();
            let none = store.delete_all_under_except(&missing, &[]).await.unwrap();

            assert_eq!((deleted, none), (2, 0));
            for (key, kept) in keys.iter().zip([true, false, false, true]) {
                let found = store.head(&MediaKey::parse(key).unwrap()).await.is_ok();
                assert_eq!(found, kept, "{key}");
            }
        }
    }

    #[tokio::test]
    async fn an_existing_object_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::local(dir.path()).unwrap();
        let key = MediaKey::parse("tracks/u1/1_song.wav").unwrap();
        store
            .put_new(&key, Bytes::from_static(b"first"))
            .await
            .unwrap();

        let second = store.put_new(&key, Bytes::from_static(b"second")).await;

        assert!(matches!(second, Err(MediaError::AlreadyExists(_))));
        assert_eq!(store.get(&key).await.unwrap(), Bytes::from_static(b"first"));
    }

    /// Stores three chunks' worth of patterned bytes as a rendition.
    async fn stored_rendition(store: &MediaStore) -> (MediaKey, Vec<u8>) {
        let key = MediaKey::parse("renditions/t1/standard.mp3").unwrap();
        let data: Vec<u8> = (0..(STREAM_CHUNK * 3) as usize)
            .map(|i| (i % 251) as u8)
            .collect();
        store
            .put_new(&key, Bytes::from(data.clone()))
            .await
            .unwrap();
        (key, data)
    }

    async fn chunks_of(store: &MediaStore, key: &MediaKey, range: Range<u64>) -> Vec<Bytes> {
        store
            .stream_range(key, range)
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_streamed_range_spanning_several_chunks_has_exactly_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::local(dir.path()).unwrap();
        let (key, data) = stored_rendition(&store).await;
        let range = 1000..STREAM_CHUNK * 2 + 17;

        let chunks = chunks_of(&store, &key, range.clone()).await;

        assert!(chunks.len() > 1);
        assert_eq!(
            chunks.concat(),
            data[range.start as usize..range.end as usize]
        );
    }

    #[tokio::test]
    async fn ranges_of_a_hot_file_have_exactly_their_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let local = MediaStore::local(dir.path()).unwrap();
        let remote = MediaStore::new(Arc::new(object_store::memory::InMemory::new()));
        for store in [local, remote] {
            ranges_of_a_hot_file_on(store.with_hot_files(64 * STREAM_CHUNK)).await;
        }
    }

    /// A file streamed once from `store` is loaded into memory, and its ranges are then
    /// slices of it.
    async fn ranges_of_a_hot_file_on(store: MediaStore) {
        let (key, data) = stored_rendition(&store).await;

        assert_eq!(chunks_of(&store, &key, 0..10).await.concat(), data[..10]);
        let hot = store.hot.clone().unwrap();
        for _ in 0..500 {
            if hot.used() > 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(hot.used(), data.len() as u64, "the file was not loaded");

        for range in [
            0..1,
            5..STREAM_CHUNK * 2 + 3,
            STREAM_CHUNK * 3 - 7..STREAM_CHUNK * 3,
        ] {
            assert_eq!(
                chunks_of(&store, &key, range.clone()).await.concat(),
                data[range.start as usize..range.end as usize]
            );
        }
        assert!(
            store
                .stream_range(&key, 0..STREAM_CHUNK * 3 + 1)
                .await
                .is_err(),
            "a range past the end was answered"
        );
    }

    #[tokio::test]
    async fn ranges_heads_and_deletes_work_on_the_local_store() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::local(dir.path()).unwrap();
        let key = MediaKey::parse("covers/u1/c.png").unwrap();
        store
            .put_new(&key, Bytes::from_static(b"0123456789"))
            .await
            .unwrap();

        assert_eq!(
            store.get_range(&key, 2..5).await.unwrap(),
            Bytes::from_static(b"234")
        );
        assert_eq!(store.head(&key).await.unwrap().size, 10);
        assert!(dir.path().join("covers/u1/c.png").is_file());

        store.delete(&key).await.unwrap();
        store.delete(&key).await.unwrap();
        assert!(matches!(
            store.head(&key).await,
            Err(MediaError::NotFound(_))
        ));
    }
}
