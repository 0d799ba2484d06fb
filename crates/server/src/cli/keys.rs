//! `backbeat keys`: the secrets every node of a database must share.

use std::path::PathBuf;

use crate::config::Config;
use crate::db::Timestamp;
use crate::secrets::{self, NodeSecrets, fingerprints};
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum KeysCommand {
    /// Write a new set of secrets (access-token key, instance secret, sandbox webhook secret)
    /// into an empty folder, to give every node (BACKBEAT_KEYS_DIR).
    Generate {
        /// The folder to write them into (created, readable by you only).
        #[arg(long)]
        out: PathBuf,
    },
    /// Record this node's secrets (as its configuration gives them) as the ones every node of
    /// the database must use, replacing those recorded: to change secrets on purpose. Nodes
    /// with other secrets then refuse to start.
    Adopt,
}

/// `backbeat keys generate|adopt`: what was written or recorded.
pub async fn keys(config: &Config, command: KeysCommand) -> anyhow::Result<String> {
    match command {
        KeysCommand::Generate { out } => {
            let files = secrets::generate_set(&out)?;
            let mut text = String::from("Wrote a new set of secrets:\n");
            for file in files {
                text.push_str(&format!("  {}\n", file.display()));
            }
            text.push_str(&format!(
                "Give every node these files: BACKBEAT_KEYS_DIR={} (or the variables README.md \
                 names). If the database records other secrets, run `backbeat keys adopt` with \
                 them once, then restart every node.\n",
                out.display()
            ));
            Ok(text)
        }
        KeysCommand::Adopt => {
            let secrets = NodeSecrets::load(config)?;
            let (db, _) = state::open_storage(config).await?;
            let prints = secrets.fingerprints();
            let adopted =
                fingerprints::adopt(&db, &prints, &config.node_id(), Timestamp::now()).await;
            db.close().await;
            let mut text = String::from("Every node of this database must now use these:\n");
            for adopted in adopted? {
                let print = &adopted.print;
                let change = if adopted.replaced {
                    " (replaces the one recorded)"
                } else {
                    ""
                };
                text.push_str(&format!(
                    "  {}: {}… from {}{change}\n",
                    print.what(),
                    print.short(),
                    print.source
                ));
            }
            text.push_str("Restart every node that runs with other ones.\n");
            Ok(text)
        }
    }
}
