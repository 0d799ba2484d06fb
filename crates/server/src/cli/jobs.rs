//! `backbeat jobs`: the background jobs, and which node runs which.

use crate::config::Config;
use crate::jobs;
use crate::jobs::store::JobStatus;
use crate::state;
use clap::Subcommand;

#[derive(Subcommand)]
pub enum JobsCommand {
    /// The newest jobs with their status, attempts, and the node that holds or last held each.
    List {
        /// Only jobs in this status.
        #[arg(long, value_parser = super::one_of::<JobStatus>())]
        status: Option<JobStatus>,
        /// How many at most.
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

/// `backbeat jobs list`: the table of jobs.
pub async fn jobs_command(config: &Config, command: JobsCommand) -> anyhow::Result<String> {
    let JobsCommand::List { status, limit } = command;
    let (db, _) = state::open_storage(config).await?;
    let rows = jobs::store::list(&db, status, limit.clamp(1, 10_000)).await;
    db.close().await;
    Ok(jobs::table(&rows?))
}
