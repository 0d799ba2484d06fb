//! Reads the multipart upload form. Files are streamed to temporary files under
//! `<data_dir>/tmp` and counted as they arrive: the declared length is never trusted, and a
//! file over its limit is refused as soon as it passes it. A temporary file is deleted when it
//! is dropped, so a refused or abandoned upload (the client went away) leaves nothing behind.

use std::path::Path;

use axum::extract::multipart::{Field, Multipart, MultipartError};
use axum::http::StatusCode;
use tempfile::NamedTempFile;
use tokio::io::AsyncWriteExt;

use super::track_text::TEXT_MAX_CHARS;
use backbeat_core::errors::{self, Failure, Problem};

/// The largest audio upload: at most 50 MB.
pub const AUDIO_MAX_BYTES: u64 = 50 * 1024 * 1024;
/// The largest cover upload: at most 5 MB.
pub const COVER_MAX_BYTES: u64 = 5 * 1024 * 1024;
/// Room for a text field: its character limit in the widest UTF-8, and some whitespace.
const TEXT_FIELD_MAX_BYTES: usize = TEXT_MAX_CHARS * 4 + 1024;

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

/// Broken framing, or a body past the route's limit.
fn multipart_error(err: MultipartError) -> Failure {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        errors::PAYLOAD_TOO_LARGE.into()
    } else {
        Failure::Detailed(errors::INVALID_MULTIPART, err.body_text())
    }
}

/// Reads every field; a repeated file is skipped, an unknown field refuses the form.
pub async fn read(mut multipart: Multipart, tmp_dir: &Path) -> Result<UploadForm, Failure> {
    let mut form = UploadForm::default();
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        match name.as_str() {
            "audio" if form.audio.is_none() => {
                let file = read_file(field, tmp_dir, AUDIO_MAX_BYTES).await;
                form.audio =
                    Some(refuse_oversize(file, &mut multipart, errors::AUDIO_TOO_LARGE).await?);
            }
            "cover" if form.cover.is_none() => {
                let file = read_file(field, tmp_dir, COVER_MAX_BYTES).await;
                form.cover =
                    Some(refuse_oversize(file, &mut multipart, errors::COVER_TOO_LARGE).await?);
                // An empty file input sends an empty part: no cover.
                if form
                    .cover
                    .as_ref()
                    .is_some_and(|c| c.client_name.is_none() && is_empty(c))
                {
                    form.cover = None;
                }
            }
            "title" => form.title = Some(read_text(field).await?),
            "artist" => form.artist = Some(read_text(field).await?),
            "album" => form.album = Some(read_text(field).await?),
            "genre" => form.genre = Some(read_text(field).await?),
            "audio" | "cover" => {}
            _ => {
                return Err(Failure::Detailed(
                    errors::INVALID_MULTIPART,
                    "The form's fields are audio, cover, title, artist, album and genre; it has \
                     another."
                        .to_owned(),
                ));
            }
        }
    }
    Ok(form)
}

fn is_empty(file: &UploadedFile) -> bool {
    file.file.as_file().metadata().is_ok_and(|m| m.len() == 0)
}

enum FileRead {
    Done(UploadedFile),
    TooLarge,
    Failed(Failure),
}

/// Turns a file over its limit into `too_large`, after reading (and discarding) the rest of
/// the body: a client that is still sending when the answer comes may never see it.
async fn refuse_oversize(
    read: FileRead,
    multipart: &mut Multipart,
    too_large: Problem,
) -> Result<UploadedFile, Failure> {
    match read {
        FileRead::Done(file) => Ok(file),
        FileRead::Failed(err) => Err(err),
        FileRead::TooLarge => {
            discard(multipart).await;
            Err(too_large.into())
        }
    }
}

/// Reads the rest of the body and throws it away, so that a client still sending sees the
/// answer (an answer sent while it writes makes most clients report a broken connection).
pub async fn discard(multipart: &mut Multipart) {
    while let Ok(Some(mut field)) = multipart.next_field().await {
        while let Ok(Some(_)) = field.chunk().await {}
    }
}

async fn read_file(mut field: Field<'_>, tmp_dir: &Path, max_bytes: u64) -> FileRead {
    let client_name = field
        .file_name()
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    let temp = match tempfile::Builder::new()
        .prefix("upload-")
        .tempfile_in(tmp_dir)
    {
        Ok(temp) => temp,
        Err(err) => return FileRead::Failed(Failure::unexpected(err)),
    };
    let mut out = match temp.reopen() {
        Ok(file) => tokio::fs::File::from_std(file),
        Err(err) => return FileRead::Failed(Failure::unexpected(err)),
    };
    let mut size: u64 = 0;
    loop {
        match field.chunk().await {
            Ok(Some(chunk)) => {
                size += chunk.len() as u64;
                if size > max_bytes {
                    drop(out);
                    drop(temp);
                    // The rest of this field is discarded chunk by chunk.
                    while let Ok(Some(_)) = field.chunk().await {}
                    return FileRead::TooLarge;
                }
                if let Err(err) = out.write_all(&chunk).await {
                    return FileRead::Failed(Failure::unexpected(err));
                }
            }
            Ok(None) => break,
            Err(err) => return FileRead::Failed(multipart_error(err)),
        }
    }
    if let Err(err) = out.flush().await {
        return FileRead::Failed(Failure::unexpected(err));
    }
    FileRead::Done(UploadedFile {
        file: temp,
        client_name,
    })
}

async fn read_text(mut field: Field<'_>) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        if bytes.len() + chunk.len() > TEXT_FIELD_MAX_BYTES {
            let name = match field.name() {
                Some("title") => "Title",
                Some("artist") => "Artist name",
                Some("album") => "Album",
                _ => "Genre",
            };
            return Err(Failure::Detailed(
                errors::TEXT_TOO_LONG,
                errors::TEXT_TOO_LONG.message_for(name),
            ));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| {
        Failure::Detailed(
            errors::INVALID_MULTIPART,
            "A text field is not UTF-8.".into(),
        )
    })
}
