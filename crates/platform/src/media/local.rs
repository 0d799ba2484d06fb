//! The local filesystem store's own paths: objects made by linking files into place, and files
//! read in chunks as they are sent.

use std::ops::Range;
use std::path::{Path, PathBuf};

use bytes::Bytes;
use futures_util::stream::{BoxStream, StreamExt};

use super::MediaError;

/// [`link_new`] on a blocking thread.
pub(super) async fn link_new_blocking(source: PathBuf, target: PathBuf) -> std::io::Result<u64> {
    tokio::task::spawn_blocking(move || link_new(&source, &target))
        .await
        .map_err(std::io::Error::other)?
}

/// Makes `target` (which must not exist) a new name of the file `source`; where a hard link
/// cannot be made (another file system), a copy written beside `target` is linked into place
/// instead. Answers the size. Blocking.
fn link_new(source: &Path, target: &Path) -> std::io::Result<u64> {
    let size = std::fs::metadata(source)?.len();
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    match std::fs::hard_link(source, target) {
        Ok(()) => return Ok(size),
        Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => return Err(err),
        Err(_) => {}
    }
    let parent = target.parent().unwrap_or(Path::new("."));
    let copy = tempfile::NamedTempFile::new_in(parent)?;
    std::fs::copy(source, copy.path())?;
    copy.as_file().sync_all()?;
    std::fs::hard_link(copy.path(), target)?;
    Ok(size)
}

/// The read size of [`MediaStore::stream_range`] on local files: a player's request (up to a
/// few hundred KB) is one or two reads.
pub const STREAM_CHUNK: u64 = 256 * 1024;

pub(super) fn read_chunks(
    file: std::fs::File,
    range: Range<u64>,
) -> BoxStream<'static, Result<Bytes, MediaError>> {
    futures_util::stream::try_unfold((file, range), |(file, range)| async move {
        if range.is_empty() {
            return Ok(None);
        }
        let len = (range.end - range.start).min(STREAM_CHUNK);
        let mut buffer = vec![0; len as usize];
        std::os::unix::fs::FileExt::read_exact_at(&file, &mut buffer, range.start)?;
        let rest = range.start + len..range.end;
        Ok(Some((Bytes::from(buffer), (file, rest))))
    })
    .boxed()
}
