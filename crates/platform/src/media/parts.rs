//! Multipart uploads to a remote store, in parts of bounded size, never left half done.

use std::sync::Arc;

use bytes::Bytes;
use object_store::{MultipartUpload, ObjectStore, ObjectStoreExt, PutPayloadMut};
use tokio::task::JoinSet;

use super::{MediaError, MediaKey};

/// Parts of a multipart upload to a remote store (S3's minimum part is 5 MiB). Every part but
/// the last has this size, as some stores (R2) require.
pub(super) const UPLOAD_PART: u64 = 8 * 1024 * 1024;

/// Parts sent at once.
const PARTS_IN_FLIGHT: usize = 2;

/// A multipart upload in parts of [`UPLOAD_PART`], [`PARTS_IN_FLIGHT`] of them sent at once, so
/// the memory it takes is bounded whatever the object's size. Unless it completes, it is
/// aborted (the parts sent are deleted) on every path out: an error, or the task that wrote it
/// going away at any point, finishing included.
///
/// (`object_store`'s `WriteMultipart` cannot promise that: its `finish` takes the upload by
/// value, so a writer dropped while finishing leaves the upload unfinished on the store.)
pub(super) struct PartsUpload {
    /// `None` once completed.
    upload: Option<Box<dyn MultipartUpload>>,
    buffer: PutPayloadMut,
    in_flight: JoinSet<object_store::Result<()>>,
}

impl PartsUpload {
    /// Starts an upload of `key`. The request runs in a task of its own, so an upload the store
    /// has started is aborted even when the caller goes away before it hears of it.
    pub(super) async fn start(
        store: &Arc<dyn ObjectStore>,
        key: &MediaKey,
    ) -> Result<Self, MediaError> {
        let store = Arc::clone(store);
        let path = key.0.clone();
        let started = tokio::spawn(async move {
            // Dropped unanswered (the caller gone), the upload aborts itself.
            store.put_multipart(&path).await.map(Self::new)
        });
        match started.await {
            Ok(started) => Ok(started?),
            Err(join) => Err(std::io::Error::other(join).into()),
        }
    }

    fn new(upload: Box<dyn MultipartUpload>) -> Self {
        Self {
            upload: Some(upload),
            buffer: PutPayloadMut::new(),
            in_flight: JoinSet::new(),
        }
    }

    /// Buffers `chunk`, sending each part as it fills once fewer than [`PARTS_IN_FLIGHT`] are
    /// on their way.
    pub(super) async fn put(&mut self, mut chunk: Bytes) -> Result<(), MediaError> {
        while !chunk.is_empty() {
            let room = UPLOAD_PART as usize - self.buffer.content_length();
            if chunk.len() < room {
                self.buffer.push(chunk);
                return Ok(());
            }
            self.buffer.push(chunk.split_to(room));
            self.send_buffer(PARTS_IN_FLIGHT - 1).await?;
        }
        Ok(())
    }

    /// Sends the last part, waits for every part, then completes the upload.
    pub(super) async fn finish(mut self) -> Result<(), MediaError> {
        if !self.buffer.is_empty() {
            self.send_buffer(PARTS_IN_FLIGHT - 1).await?;
        }
        self.wait_for_parts(0).await?;
        let upload = self.upload.as_mut().expect("not completed");
        upload.complete().await?;
        // Completed: nothing to abort any more.
        self.upload = None;
        Ok(())
    }

    /// Sends the buffer as the next part, once at most `in_flight` parts are on their way.
    async fn send_buffer(&mut self, in_flight: usize) -> Result<(), MediaError> {
        self.wait_for_parts(in_flight).await?;
        let part = std::mem::take(&mut self.buffer).freeze();
        let upload = self.upload.as_mut().expect("not completed");
        self.in_flight.spawn(upload.put_part(part));
        Ok(())
    }

    /// Waits until at most `in_flight` parts are on their way; the first that failed fails it.
    async fn wait_for_parts(&mut self, in_flight: usize) -> Result<(), MediaError> {
        while self.in_flight.len() > in_flight {
            let Some(joined) = self.in_flight.join_next().await else {
                break;
            };
            joined.map_err(std::io::Error::other)??;
        }
        Ok(())
    }
}

impl Drop for PartsUpload {
    fn drop(&mut self) {
        let Some(mut upload) = self.upload.take() else {
            return;
        };
        let mut in_flight = std::mem::take(&mut self.in_flight);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                // Let every part on its way land first (whether it succeeds does not matter):
                // a part that arrived after the abort would start the upload anew on the
                // store, and stay there unfinished.
                while in_flight.join_next().await.is_some() {}
                if let Err(err) = upload.abort().await {
                    tracing::warn!(error = %err, "cannot abort an unfinished multipart upload");
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use object_store::{PutPayload, PutResult, UploadPart};
    use tokio::sync::Notify;

    use super::*;

    /// What a [`FakeUpload`] was asked, and when it answers.
    #[derive(Debug, Default)]
    struct Log {
        parts: Mutex<Vec<usize>>,
        completed: Mutex<bool>,
        aborted: Notify,
        complete_hangs: bool,
        failing_part: Option<usize>,
    }

    #[derive(Debug)]
    struct FakeUpload(Arc<Log>);

    #[async_trait::async_trait]
    impl MultipartUpload for FakeUpload {
        fn put_part(&mut self, data: PutPayload) -> UploadPart {
            let log = Arc::clone(&self.0);
            Box::pin(async move {
                let mut parts = log.parts.lock().unwrap();
                parts.push(data.content_length());
                if log.failing_part == Some(parts.len()) {
                    return Err(object_store::Error::Generic {
                        store: "fake",
                        source: "the part failed".into(),
                    });
                }
                Ok(())
            })
        }

        async fn complete(&mut self) -> object_store::Result<PutResult> {
            if self.0.complete_hangs {
                std::future::pending::<()>().await;
            }
            *self.0.completed.lock().unwrap() = true;
            Ok(PutResult {
                e_tag: None,
                version: None,
                extensions: Default::default(),
            })
        }

        async fn abort(&mut self) -> object_store::Result<()> {
            self.0.aborted.notify_one();
            Ok(())
        }
    }

    /// Writes `size` bytes into `upload` in chunks of 1 MiB + 1.
    async fn write(upload: &mut PartsUpload, size: usize) -> Result<(), MediaError> {
        let chunk = Bytes::from(vec![1u8; 1024 * 1024 + 1]);
        let mut left = size;
        while left > 0 {
            let next = chunk.slice(..left.min(chunk.len()));
            left -= next.len();
            upload.put(next).await?;
        }
        Ok(())
    }

    async fn aborted(log: &Log) {
        tokio::time::timeout(std::time::Duration::from_secs(10), log.aborted.notified())
            .await
            .expect("the upload was not aborted");
    }

    #[tokio::test]
    async fn every_part_but_the_last_has_the_same_size_and_the_upload_completes() {
        let log = Arc::new(Log::default());
        let mut upload = PartsUpload::new(Box::new(FakeUpload(Arc::clone(&log))));
        let part = UPLOAD_PART as usize;
        write(&mut upload, 3 * part + 5).await.unwrap();
        upload.finish().await.unwrap();

        let mut parts = log.parts.lock().unwrap().clone();
        parts.sort_unstable();
        assert_eq!(parts, [5, part, part, part]);
        assert!(*log.completed.lock().unwrap());
    }

    #[tokio::test]
    async fn an_upload_dropped_while_it_completes_is_aborted() {
        let log = Arc::new(Log {
            complete_hangs: true,
            ..Log::default()
        });
        let mut upload = PartsUpload::new(Box::new(FakeUpload(Arc::clone(&log))));
        write(&mut upload, 2 * UPLOAD_PART as usize + 1)
            .await
            .unwrap();
        let finishing = tokio::time::timeout(std::time::Duration::from_millis(50), upload.finish());
        assert!(finishing.await.is_err(), "the fake's complete hangs");

        aborted(&log).await;
        assert_eq!(log.parts.lock().unwrap().len(), 3, "every part was sent");
    }

    #[tokio::test]
    async fn a_part_that_fails_fails_the_upload_which_is_aborted() {
        let log = Arc::new(Log {
            failing_part: Some(2),
            ..Log::default()
        });
        let mut upload = PartsUpload::new(Box::new(FakeUpload(Arc::clone(&log))));
        let written = async {
            write(&mut upload, 4 * UPLOAD_PART as usize).await?;
            upload.finish().await
        };
        assert!(written.await.is_err());

        aborted(&log).await;
        assert!(!*log.completed.lock().unwrap());
    }

    #[tokio::test]
    async fn an_upload_dropped_while_writing_is_aborted_not_completed() {
        let log = Arc::new(Log::default());
        let mut upload = PartsUpload::new(Box::new(FakeUpload(Arc::clone(&log))));
        write(&mut upload, UPLOAD_PART as usize + 1).await.unwrap();
        drop(upload);

        aborted(&log).await;
        assert!(!*log.completed.lock().unwrap());
    }
}
