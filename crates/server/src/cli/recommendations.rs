//! `backbeat recommendations`: the recommender's item-item neighbours.

use crate::config::Config;
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum RecommendationsCommand {
    /// Fold the listens and likes not folded in yet into the neighbours now (the background
    /// job does this within a minute of a play).
    Update,
    /// Forget the neighbours and learn them again from all listening history and likes (after
    /// importing history, or changing how neighbours are learnt).
    Rebuild,
}

/// `backbeat recommendations update|rebuild`: what was folded in.
pub async fn recommendations_command(
    config: &Config,
    command: RecommendationsCommand,
) -> anyhow::Result<String> {
    use crate::recommendations::{neighbours, neighbours_store, rebuild};
    let (db, _) = state::open_storage(config).await?;
    let result = match command {
        RecommendationsCommand::Update => {
            neighbours::fold_new(&db, crate::db::Timestamp::now(), None).await
        }
        RecommendationsCommand::Rebuild => rebuild::rebuild(&db).await,
    };
    let report = match result {
        Ok(folded) => neighbours_store::neighbour_rows(&db).await.map(|pairs| {
            format!(
                "folded in {} listens and {} likes: {pairs} neighbour pairs stored",
                folded.listens, folded.likes
            )
        }),
        Err(err) => Err(err),
    };
    db.close().await;
    Ok(report?)
}
