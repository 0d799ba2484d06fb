//! `backbeat artists`: an artist's verified badge.

use crate::catalog::artist;
use crate::config::Config;
use crate::errors;
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum ArtistsCommand {
    /// Mark every track of the artist of exactly this name verified.
    Verify {
        /// The artist's name, as on their tracks and artist page.
        name: String,
    },
    /// Mark every track of the artist of exactly this name not verified.
    Unverify {
        /// The artist's name, as on their tracks and artist page.
        name: String,
    },
}

/// `backbeat artists verify|unverify NAME`: what changed, or why nothing could.
pub async fn artists(config: &Config, command: ArtistsCommand) -> anyhow::Result<String> {
    let (name, verified) = match command {
        ArtistsCommand::Verify { name } => (name, true),
        ArtistsCommand::Unverify { name } => (name, false),
    };
    let (db, _) = state::open_storage(config).await?;
    let result = artist::service::set_verified(&db, &name, verified).await;
    db.close().await;
    let done = match result {
        Ok(done) => done,
        Err(failure) if failure.is(errors::ARTIST_NOT_FOUND) => {
            anyhow::bail!("no artist is named \"{name}\": no track has exactly this artist name")
        }
        Err(failure) => return Err(failure.into()),
    };
    let action = if verified { "verified" } else { "unverified" };
    let tracks = match done.tracks {
        1 => "1 track".to_owned(),
        n => format!("{n} tracks"),
    };
    let unchanged = done.tracks - done.changed;
    Ok(if unchanged == 0 {
        format!("{action} {name}: {tracks}")
    } else {
        format!("{action} {name}: {tracks} ({unchanged} already {action})")
    })
}
