//! `backbeat seed-demo` and `backbeat seed-scale`: the demo catalogue and catalogues at scale.

use crate::config::Config;
use crate::demo;
use crate::state::AppState;

pub async fn seed_demo(config: Config) -> anyhow::Result<String> {
    let state = AppState::build(config).await?;
    let seeded = demo::seed(&state).await;
    state.db.close().await;
    let report = seeded?;
    Ok(format!(
        "Demo content: {} artists ({} new), {} tracks ({} new; {} ready, {} failed).",
        report.artists,
        report.artists_created,
        report.tracks,
        report.tracks_uploaded,
        report.ready,
        report.failed,
    ))
}

pub async fn seed_scale(config: Config, size: demo::scale::ScaleSize) -> anyhow::Result<String> {
    let state = AppState::build(config).await?;
    let seeded = demo::scale::seed(&state, size).await;
    state.db.close().await;
    let report = seeded?;
    Ok(format!(
        "Generated catalogue: {} artists, {} listeners, {} tracks, {} plays ({} counted), {} likes, {} follows in {} s.",
        report.artists,
        report.listeners,
        report.tracks,
        report.plays,
        report.counted_plays,
        report.likes,
        report.follows,
        report.seconds,
    ))
}
