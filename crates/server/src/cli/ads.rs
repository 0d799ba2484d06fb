//! `backbeat ads`: the house ads shown to free-plan users (works beside a running server).

use std::path::PathBuf;

use crate::ads::{inventory, table};
use crate::config::Config;
use crate::db::Timestamp;
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum AdsCommand {
    /// Add an ad, served at once, and print its id.
    Add {
        /// Where it is shown.
        #[arg(long, value_parser = ["banner", "popup"])]
        slot: String,
        /// Shown with the image (its alternative text), at most 100 characters.
        #[arg(long)]
        title: String,
        /// A JPEG, PNG or WebP file of at most 2 MB; stored re-encoded, without its metadata.
        #[arg(long)]
        image: PathBuf,
        /// The http:// or https:// URL a click leads to.
        #[arg(long)]
        target: String,
    },
    /// List every ad: id, slot, active or disabled, title, target.
    List,
    /// Stop serving an ad (its counts stay in the report).
    Disable {
        /// The ad's id, as `add` printed it.
        id: String,
    },
    /// Impressions, clicks and click-through rate per ad and UTC day, newest day first.
    Report {
        /// How many days back, today included.
        #[arg(long, default_value_t = 30)]
        days: u32,
        /// Comma-separated values instead of a table.
        #[arg(long)]
        csv: bool,
    },
}

/// Runs an `ads` command on the configured database and media storage; answers what to print.
pub async fn ads(
    config: &Config,
    command: AdsCommand,
) -> Result<String, inventory::InventoryError> {
    let (db, media) = state::open_storage(config).await?;
    let output = match command {
        AdsCommand::Add {
            slot,
            title,
            image,
            target,
        } => {
            let new = inventory::NewAd {
                slot: &slot,
                title: &title,
                image: &image,
                target_url: &target,
            };
            inventory::add(&db, &media, &new)
                .await
                .map(|id| format!("{id}\n"))
        }
        AdsCommand::List => inventory::list(&db).await.map(|ads| table::ads_table(&ads)),
        AdsCommand::Disable { id } => inventory::disable(&db, &id)
            .await
            .map(|()| format!("Ad {id} is disabled.\n")),
        AdsCommand::Report { days, csv } => inventory::report(&db, days, Timestamp::now())
            .await
            .map(|rows| table::report(&rows, csv)),
    };
    db.close().await;
    output
}
