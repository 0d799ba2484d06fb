//! The endpoints, by concept: each answers an element (or raw bytes: streams and covers) or a
//! Subsonic error. [`dispatch`] is the one table of names.

pub mod browse;
pub mod library;
pub mod lists;
pub mod playlists;
pub mod scrobble;
pub mod search;
pub mod system;

use crate::context::{Ctx, Reply, done};
use crate::protocol::{Node, SubsonicError, SubsonicResult};

/// Endpoints of things Backbeat does not have: answered as unsupported (error 0), never 5xx.
const UNSUPPORTED: &[&str] = &[
    "getPodcasts",
    "getNewestPodcasts",
    "refreshPodcasts",
    "createPodcastChannel",
    "deletePodcastChannel",
    "deletePodcastEpisode",
    "downloadPodcastEpisode",
    "getPodcastEpisode",
    "getInternetRadioStations",
    "createInternetRadioStation",
    "updateInternetRadioStation",
    "deleteInternetRadioStation",
    "jukeboxControl",
    "getShares",
    "createShare",
    "updateShare",
    "deleteShare",
    "getChatMessages",
    "addChatMessage",
    "getVideos",
    "getVideoInfo",
    "getCaptions",
    "hls",
    "getAvatar",
    "getUsers",
    "createUser",
    "updateUser",
    "deleteUser",
    "changePassword",
    "getBookmarks",
    "createBookmark",
    "deleteBookmark",
    "getTranscodeDecision",
];

/// Answers the endpoint `name`.
pub async fn dispatch(ctx: &Ctx, name: &str) -> SubsonicResult<Reply> {
    match name {
        "ping" => done(),
        "getLicense" => Ok(system::license().into()),
        "getMusicFolders" => Ok(system::music_folders().into()),
        "getScanStatus" | "startScan" => system::scan_status(ctx).await,
        "getUser" => system::user(ctx).await,
        "getLyrics" => Ok(Node::new("lyrics").into()),
        "getLyricsBySongId" => Ok(Node::new("lyricsList")
            .list("structuredLyrics", Vec::new())
            .into()),
        "getArtists" => browse::artists(ctx, "artists").await,
        "getIndexes" => browse::artists(ctx, "indexes").await,
        "getArtist" => browse::artist(ctx).await,
        "getAlbum" => browse::album(ctx).await,
        "getMusicDirectory" => browse::directory(ctx).await,
        "getSong" => browse::song(ctx).await,
        "getGenres" => browse::genres(ctx).await,
        "getArtistInfo" | "getArtistInfo2" => browse::artist_info(ctx, name).await,
        "getAlbumInfo" | "getAlbumInfo2" => Ok(Node::new("albumInfo").into()),
        "getAlbumList" => lists::album_list(ctx, "albumList").await,
        "getAlbumList2" => lists::album_list(ctx, "albumList2").await,
        "getRandomSongs" => lists::random_songs(ctx).await,
        "getSongsByGenre" => lists::songs_by_genre(ctx).await,
        "getTopSongs" => lists::top_songs(ctx).await,
        "getSimilarSongs" => lists::similar_songs(ctx, "similarSongs").await,
        "getSimilarSongs2" => lists::similar_songs(ctx, "similarSongs2").await,
        "getStarred" => lists::starred(ctx, "starred").await,
        "getStarred2" => lists::starred(ctx, "starred2").await,
        "getNowPlaying" => scrobble::now_playing(ctx).await,
        "search2" => search::search(ctx, "searchResult2").await,
        "search3" => search::search(ctx, "searchResult3").await,
        "star" => library::star(ctx, true).await,
        "unstar" => library::star(ctx, false).await,
        "setRating" => library::set_rating(ctx).await,
        "getPlayQueue" => library::play_queue(ctx, false).await,
        "getPlayQueueByIndex" => library::play_queue(ctx, true).await,
        "savePlayQueue" => library::save_play_queue(ctx, false).await,
        "savePlayQueueByIndex" => library::save_play_queue(ctx, true).await,
        "getPlaylists" => playlists::list(ctx).await,
        "getPlaylist" => playlists::get(ctx).await,
        "createPlaylist" => playlists::create(ctx).await,
        "updatePlaylist" => playlists::update(ctx).await,
        "deletePlaylist" => playlists::delete(ctx).await,
        "stream" | "download" => crate::media::stream::stream(ctx).await,
        "getCoverArt" => crate::media::covers::cover_art(ctx).await,
        "scrobble" => scrobble::scrobble(ctx).await,
        other if UNSUPPORTED.contains(&other) => Err(SubsonicError::unsupported(other)),
        other => Err(SubsonicError::new(
            crate::protocol::Code::Generic,
            format!("Unknown endpoint: {other}"),
        )),
    }
}
