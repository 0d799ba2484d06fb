//! Subsonic ids of Backbeat's things, stable as long as the names are: an artist is its name
//! (`ar-` and the name in base64url), an album an artist's album name (`al-` and the artist and
//! the album, 'Singles' for tracks without one); a song is its track id, a playlist its id.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

const ARTIST: &str = "ar-";
const ALBUM: &str = "al-";
/// Between the artist and the album in an album id (a unit separator, which names never hold).
const SEPARATOR: char = '\u{1f}';

/// What an id names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Id {
    Artist(String),
    Album {
        artist: String,
        album: String,
    },
    /// A track, a playlist, or anything else Backbeat names by its own id.
    Plain(String),
}

pub fn artist_id(name: &str) -> String {
    format!("{ARTIST}{}", URL_SAFE_NO_PAD.encode(name))
}

pub fn album_id(artist: &str, album: &str) -> String {
    format!(
        "{ALBUM}{}",
        URL_SAFE_NO_PAD.encode(format!("{artist}{SEPARATOR}{album}"))
    )
}

fn decode(text: &str) -> Option<String> {
    String::from_utf8(URL_SAFE_NO_PAD.decode(text).ok()?).ok()
}

impl Id {
    /// What `id` names; `None` for a prefixed id that does not decode.
    pub fn parse(id: &str) -> Option<Self> {
        if let Some(name) = id.strip_prefix(ARTIST) {
            return decode(name).map(Self::Artist);
        }
        if let Some(pair) = id.strip_prefix(ALBUM) {
            let pair = decode(pair)?;
            let (artist, album) = pair.split_once(SEPARATOR)?;
            return Some(Self::Album {
                artist: artist.to_owned(),
                album: album.to_owned(),
            });
        }
        Some(Self::Plain(id.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_their_things_back() {
        assert_eq!(
            Id::parse(&artist_id("Ana & Bo")),
            Some(Id::Artist("Ana & Bo".into()))
        );
        assert_eq!(
            Id::parse(&album_id("Ana", "Été")),
            Some(Id::Album {
                artist: "Ana".into(),
                album: "Été".into()
            })
        );
        assert_eq!(
            Id::parse("0190-track"),
            Some(Id::Plain("0190-track".into()))
        );
        assert_eq!(Id::parse("ar-!!"), None);
        assert_eq!(
            Id::parse(&format!("al-{}", URL_SAFE_NO_PAD.encode("x"))),
            None
        );
    }
}
