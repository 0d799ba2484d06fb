//! The server and the user: the extensions served, the licence, the one music folder, the scan
//! status (nothing to scan: uploads are processed as they arrive), and the user's roles by plan.

use crate::context::{Ctx, Reply};
use crate::protocol::{Node, SubsonicResult};
use backbeat_platform::plans::{self, Plan};

/// The OpenSubsonic extensions this server serves, with their versions.
const EXTENSIONS: &[(&str, i64)] = &[
    ("apiKeyAuthentication", 1),
    ("formPost", 1),
    ("indexBasedQueue", 1),
    ("songLyrics", 1),
];

/// The one music folder: the catalog.
pub const FOLDER_ID: i64 = 1;

/// A list straight in the envelope (an element without a name is merged into it).
pub fn extensions() -> Node {
    Node::new("").list(
        "openSubsonicExtensions",
        EXTENSIONS
            .iter()
            .map(|(name, version)| {
                Node::new("extension")
                    .attr("name", *name)
                    .values("versions", vec![(*version).into()])
            })
            .collect(),
    )
}

pub fn license() -> Node {
    Node::new("license").attr("valid", true)
}

pub fn music_folders() -> Node {
    Node::new("musicFolders").list(
        "musicFolder",
        vec![
            Node::new("musicFolder")
                .attr("id", FOLDER_ID)
                .attr("name", "Backbeat"),
        ],
    )
}

/// Never scanning: uploads are processed as they arrive. The count is the ready tracks.
pub async fn scan_status(ctx: &Ctx) -> SubsonicResult<Reply> {
    let count: i64 = backbeat_core::on_db!(&ctx.services.db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks WHERE status = 'ready'").fetch_one(pool).await)?;
    Ok(Node::new("scanStatus")
        .attr("scanning", false)
        .attr("count", count)
        .into())
}

/// The user and what their plan lets them do: stream and download (in the plan's quality),
/// playlists, stars and scrobbles for everyone; no administration, no sharing, no jukebox.
pub async fn user(ctx: &Ctx) -> SubsonicResult<Reply> {
    let plan = plans::plan_of(&ctx.services.db, &ctx.user).await?;
    let email = ctx.username().await?;
    let max_bit_rate = match plan {
        Plan::Free => 128,
        Plan::Basic => 320,
        Plan::Premium => 0,
    };
    Ok(Node::new("user")
        .attr("username", email.clone())
        .attr("email", email)
        .attr("scrobblingEnabled", true)
        .attr("maxBitRate", max_bit_rate)
        .attr("adminRole", false)
        .attr("settingsRole", false)
        .attr("downloadRole", true)
        .attr("uploadRole", false)
        .attr("playlistRole", true)
        .attr("coverArtRole", false)
        .attr("commentRole", false)
        .attr("podcastRole", false)
        .attr("streamRole", true)
        .attr("jukeboxRole", false)
        .attr("shareRole", false)
        .attr("videoConversionRole", false)
        .values("folder", vec![FOLDER_ID.into()])
        .into())
}
