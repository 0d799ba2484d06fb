//! Backbeat's tracks, albums and artists as Subsonic elements (`song`/`child`, `album`,
//! `artist`), with the attributes the leading apps read.

use chrono::SecondsFormat;

use crate::ids::{album_id, artist_id};
use crate::protocol::Node;
use crate::store::AlbumRow;
use backbeat_catalog::catalog::artist::service::SINGLES;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_core::db::Timestamp;
use backbeat_platform::plans::StreamQuality;

/// A time as Subsonic says it (ISO 8601, UTC, milliseconds).
pub fn time(at: Timestamp) -> String {
    at.as_datetime()
        .to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// What a listener's stream of a track is, by their plan's quality.
#[derive(Clone, Copy, Debug)]
pub struct Audio {
    pub suffix: &'static str,
    pub content_type: &'static str,
    /// kbit/s; 0 when it depends on the upload (lossless).
    pub bit_rate: i64,
}

impl Audio {
    /// What Premium hears of an upload that was not lossless: the original file.
    pub fn original(content_type: &str) -> Self {
        let (suffix, content_type) = match content_type {
            "audio/mpeg" | "audio/mp3" => ("mp3", "audio/mpeg"),
            "audio/ogg" | "audio/vorbis" => ("ogg", "audio/ogg"),
            "audio/wav" | "audio/x-wav" | "audio/wave" => ("wav", "audio/wav"),
            "audio/flac" | "audio/x-flac" => ("flac", "audio/flac"),
            _ => ("mp3", "audio/mpeg"),
        };
        Self {
            suffix,
            content_type,
            bit_rate: 0,
        }
    }

    pub fn of(quality: StreamQuality) -> Self {
        match quality {
            StreamQuality::Standard => Self {
                suffix: "mp3",
                content_type: "audio/mpeg",
                bit_rate: 128,
            },
            StreamQuality::High => Self {
                suffix: "mp3",
                content_type: "audio/mpeg",
                bit_rate: 320,
            },
            StreamQuality::Lossless => Self {
                suffix: "flac",
                content_type: "audio/flac",
                bit_rate: 0,
            },
        }
    }
}

/// The album a track is on: its album name, or the artist's 'Singles'.
pub fn album_of(track: &TrackRow) -> &str {
    track.album.as_deref().unwrap_or(SINGLES)
}

/// A track as a `song` (renamed by the list it is in: `child`, `entry`).
pub fn song(track: &TrackRow, audio: Audio, starred: Option<Timestamp>) -> Node {
    let album = album_of(track);
    let album_id = album_id(&track.artist, album);
    Node::new("song")
        .attr("id", track.id.to_string())
        .attr("parent", album_id.clone())
        .attr("isDir", false)
        .attr("title", track.title.clone())
        .attr("album", album)
        .attr("artist", track.artist.clone())
        .attr_opt("genre", track.genre.clone())
        .attr_opt(
            "coverArt",
            track.cover_key.as_ref().map(|_| track.id.to_string()),
        )
        .attr("duration", track.duration_secs)
        .attr("bitRate", audio.bit_rate)
        .attr("suffix", audio.suffix)
        .attr("contentType", audio.content_type)
        .attr("isVideo", false)
        .attr("playCount", track.plays)
        .attr("created", time(track.created_at))
        .attr_opt("starred", starred.map(time))
        .attr("albumId", album_id)
        .attr("artistId", artist_id(&track.artist))
        .attr("type", "music")
        .attr("mediaType", "song")
}

/// An album (`album` in ID3 lists, `child` as a directory).
pub fn album(row: &AlbumRow, starred: Option<Timestamp>) -> Node {
    let id = album_id(&row.artist, &row.name);
    Node::new("album")
        .attr("id", id.clone())
        .attr("parent", artist_id(&row.artist))
        .attr("isDir", true)
        .attr("name", row.name.clone())
        .attr("title", row.name.clone())
        .attr("album", row.name.clone())
        .attr("artist", row.artist.clone())
        .attr("artistId", artist_id(&row.artist))
        .attr_opt("coverArt", row.has_cover.then(|| id.clone()))
        .attr("songCount", row.song_count)
        .attr("duration", row.duration)
        .attr("playCount", row.plays)
        .attr("created", time(row.created))
        .attr_opt("genre", row.genre.clone())
        .attr_opt("starred", starred.map(time))
        .attr("mediaType", "album")
}

/// An artist.
pub fn artist(name: &str, album_count: i64, starred: Option<Timestamp>) -> Node {
    let id = artist_id(name);
    Node::new("artist")
        .attr("id", id.clone())
        .attr("name", name)
        .attr("coverArt", id)
        .attr("albumCount", album_count)
        .attr_opt("starred", starred.map(time))
}

/// The index letter an artist is listed under ('#' for anything but a letter).
pub fn index_letter(name: &str) -> String {
    match name.trim().chars().next() {
        Some(c) if c.is_alphabetic() => c.to_uppercase().collect(),
        _ => "#".to_owned(),
    }
}
