//! `backbeat media`: moving the media storage to another place.

use crate::config::Config;
use crate::media::{self, MediaStore};
use anyhow::Context;
use clap::Subcommand;

use super::{Answer, Failed};

#[derive(Subcommand)]
pub enum MediaCommand {
    /// Copy every object of the configured media storage to another (a local library to S3),
    /// then read each copy back and compare its size and SHA-256 with the original's; exit
    /// status 1 when any differs. Objects already there with the same size and SHA-256 are
    /// skipped, so an interrupted run can be run again. The configuration is not changed: set
    /// BACKBEAT_MEDIA_URL to the target afterwards.
    Migrate {
        /// Where to copy to: s3://bucket/prefix (endpoint, region and keys from the AWS_*
        /// variables or the [media] table, as for BACKBEAT_MEDIA_URL) or file:///path.
        #[arg(long)]
        to: String,
    },
}

/// `backbeat media migrate --to URL`: the summary on standard output, any failure on standard
/// error and in the exit status.
pub async fn migrate(config: &Config, command: MediaCommand) -> Answer {
    let MediaCommand::Migrate { to } = command;
    let stores = config
        .media_location()
        .and_then(|from| Ok((from, config.media.location_of("--to", &to)?)))
        .map_err(anyhow::Error::from)
        .and_then(|(from, to)| {
            anyhow::ensure!(from != to, "the media storage is {to} already");
            let open = |at| MediaStore::open(at).with_context(|| format!("cannot open {at}"));
            Ok((open(&from)?, open(&to)?))
        });
    let (from, to) = stores.map_err(|err| err.context("migrate"))?;
    println!("Copying {} to {}", from.location(), to.location());
    let summary = media::migrate::migrate(&from, &to).await;
    if !summary.succeeded() {
        return Err(Failed::after(
            summary.to_string(),
            anyhow::anyhow!(
                "migrate: {} objects not verified; run it again (verified objects are skipped)",
                summary.failures.len()
            ),
        ));
    }
    Ok(format!(
        "{summary}Done: set BACKBEAT_MEDIA_URL={to_url} to use the copy.",
        to_url = to.location()
    ))
}
