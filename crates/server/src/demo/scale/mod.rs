//! `backbeat seed-scale`: a catalogue of any size, fast, for benchmarks. Artists (accounts with
//! profiles, some verified), their tracks in albums and singles with titles from a vocabulary
//! (some words common, 'love' in a third of the titles, some rare, some with diacritics),
//! listeners, a year of listening history with Zipf-like popularity, likes and follows. Track
//! text goes through the upload's [`TrackText`] (the same search keys as an upload); each track's
//! `plays` is its counted plays in the history (the artist totals follow through the database's
//! triggers). The files are shared: every track points at the original, renditions, cover and
//! waveform of one of a few real ready tracks (the demo's, seeded first when there is none), so
//! streaming works. Rows go in as multi-row `INSERT`s in large transactions; the search index is
//! merged into one segment and `ANALYZE` ends it.
//!
//! Every listener signs in with [`LISTENER_PASSWORD`] as `listener-N@scale.backbeat.local`.

mod rows;

use std::time::Instant;

use anyhow::Context;
use uuid::Uuid;

use self::rows::{Batch, Value};
use crate::catalog::renditions::{self, RenditionRow};
use crate::catalog::track::TrackStatus;
use crate::catalog::upload::track_text::TrackText;
use crate::db::{Db, Timestamp};
use crate::on_db;
use crate::state::AppState;
use backbeat_core::ids::TrackId;
pub use backbeat_demo_content::plan::ScaleSize;
use backbeat_demo_content::plan::{PLAYS_SPAN_SECS, Plan};
use backbeat_demo_content::words;

/// The password of every generated listener and artist.
pub const LISTENER_PASSWORD: &str = "scale-listener-password";
/// Rows written per transaction.
const ROWS_PER_TRANSACTION: usize = 100_000;
/// The most real tracks whose files the generated ones share.
const TEMPLATES: i64 = 8;
/// Tracks are uploaded over this many days before now.
const CATALOGUE_DAYS: i64 = 3 * 365;

/// The email of generated listener `n` (from 0).
pub fn listener_email(n: usize) -> String {
    format!("listener-{n}@scale.backbeat.local")
}

fn artist_email(n: usize) -> String {
    format!("artist-{n}@scale.backbeat.local")
}

/// What a run wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScaleReport {
    pub artists: u64,
    pub listeners: u64,
    pub tracks: u64,
    pub plays: u64,
    pub counted_plays: u64,
    pub likes: u64,
    pub follows: u64,
    pub seconds: u64,
}

/// A real ready track whose files generated tracks share.
#[derive(Clone, Debug, sqlx::FromRow)]
struct Template {
    id: String,
    duration_secs: i64,
    audio_key: String,
    audio_content_type: String,
    audio_size_bytes: i64,
    lossless_source: bool,
    cover_key: Option<String>,
    cover_large_key: Option<String>,
    peaks: Option<String>,
    #[sqlx(skip)]
    renditions: Vec<RenditionRow>,
}

async fn find_templates(db: &Db) -> sqlx::Result<Vec<Template>> {
    let mut found: Vec<Template> = on_db!(db, pool => sqlx::query_as(
        "SELECT t.id, t.duration_secs, t.audio_key, t.audio_content_type, t.audio_size_bytes, \
                t.lossless_source, t.cover_key, t.cover_large_key, w.peaks \
         FROM tracks t LEFT JOIN track_waveforms w ON w.track_id = t.id \
         WHERE t.status = 'ready' AND EXISTS (SELECT 1 FROM renditions r WHERE r.track_id = t.id) \
         ORDER BY t.created_at, t.id LIMIT $1")
        .bind(TEMPLATES).fetch_all(pool).await)?;
    for template in &mut found {
        template.renditions =
            renditions::renditions(db, &TrackId::from(template.id.as_str())).await?;
    }
    Ok(found)
}

/// Fills the database with a catalogue of `size` (see the module's documentation).
pub async fn seed(state: &AppState, size: ScaleSize) -> anyhow::Result<ScaleReport> {
    anyhow::ensure!(
        size.tracks > 0 && size.artists > 0 && size.listeners > 0,
        "--tracks, --artists and --listeners must be at least 1"
    );
    anyhow::ensure!(size.artists <= size.tracks, "more artists than tracks");
    let started = Instant::now();
    let db = &state.db;
    if state.auth.account_id(&listener_email(0)).await?.is_some() {
        anyhow::bail!("this database already has a generated catalogue; use an empty one");
    }
    let mut templates = find_templates(db).await?;
    if templates.is_empty() {
        tracing::info!("no ready track to share files with: seeding the demo content first");
        crate::demo::seed(state).await?;
        templates = find_templates(db).await?;
    }
    anyhow::ensure!(!templates.is_empty(), "no ready track to share files with");

    // One real hash for all: every account shares the password, hashed once.
    let first = state
        .auth
        .create_account(&listener_email(0), LISTENER_PASSWORD.into(), "Listener 0")
        .await?;
    let hash: String = on_db!(db, pool => sqlx::query_scalar(
        "SELECT encrypted_password FROM users WHERE id = $1").bind(&first).fetch_one(pool).await)?;

    let window = state.config.play_count_window().num_seconds();
    let plan = Plan::new(size, 0x5ca1e, window);
    let now = Timestamp::now();
    let mut report = ScaleReport::default();
    tracing::info!(?size, "generating accounts");
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0xa27);
    let artist_names: Vec<String> = (0..size.artists)
        .map(|n| words::artist(&mut rng, n))
        .collect();
    let artist_accounts = artist_names
        .iter()
        .cloned()
        .zip((0..size.artists).map(artist_email));
    let artists = accounts(db, &hash, artist_accounts, now).await?;
    let listener_accounts =
        (1..size.listeners).map(|n| (format!("Listener {n}"), listener_email(n)));
    let mut listeners = vec![String::from(first)];
    listeners.extend(accounts(db, &hash, listener_accounts, now).await?);
    report.artists = artists.len() as u64;
    report.listeners = listeners.len() as u64;

    tracing::info!("counting plays");
    let plays = plan.counted_plays();
    report.counted_plays = plays.iter().map(|&p| u64::from(p)).sum();
    tracing::info!("writing tracks");
    let track_ids = write_tracks(
        db,
        &plan,
        (&artists, &artist_names),
        &templates,
        &plays,
        now,
    )
    .await?;
    report.tracks = track_ids.len() as u64;
    tracing::info!("writing listening history, likes and follows");
    let (history, likes, follows) =
        write_activity(db, &plan, &listeners, &artists, &track_ids, now).await?;
    (report.plays, report.likes, report.follows) = (history, likes, follows);
    tracing::info!("merging the search index");
    crate::catalog::search::index::merge_segments(db).await?;
    tracing::info!("analysing");
    on_db!(db, pool => sqlx::query("ANALYZE").execute(pool).await.map(drop))?;
    report.seconds = started.elapsed().as_secs();
    Ok(report)
}

/// Writes accounts with profiles (name, email), all with the password `hash`; answers their ids.
async fn accounts(
    db: &Db,
    hash: &str,
    accounts: impl Iterator<Item = (String, String)>,
    now: Timestamp,
) -> anyhow::Result<Vec<String>> {
    let mut ids = Vec::new();
    let mut users = Batch::new(
        "users",
        "id, identity_id, email, encrypted_password, user_metadata, email_confirmed_at, created_at, updated_at",
    );
    let mut profiles = Batch::new("profiles", "id, name, email, created_at, updated_at");
    let mut tx = db.begin().await?;
    for (name, email) in accounts {
        let id = Uuid::now_v7().to_string();
        let metadata = serde_json::json!({ "name": name }).to_string();
        users.push(vec![
            Value::Text(id.clone()),
            Value::Text(Uuid::now_v7().to_string()),
            Value::Text(email.clone()),
            Value::Text(hash.to_owned()),
            Value::Text(metadata),
            Value::Time(now),
            Value::Time(now),
            Value::Time(now),
        ]);
        profiles.push(vec![
            Value::Text(id.clone()),
            Value::Text(name),
            Value::Text(email),
            Value::Time(now),
            Value::Time(now),
        ]);
        ids.push(id);
        if users.full() || profiles.full() {
            users.flush(&mut tx).await?;
            profiles.flush(&mut tx).await?;
        }
    }
    users.flush(&mut tx).await?;
    profiles.flush(&mut tx).await?;
    tx.commit().await?;
    Ok(ids)
}

/// Writes every track with its renditions and waveform; answers the tracks' ids.
async fn write_tracks(
    db: &Db,
    plan: &Plan,
    (artists, artist_names): (&[String], &[String]),
    templates: &[Template],
    plays: &[u32],
    now: Timestamp,
) -> anyhow::Result<Vec<String>> {
    use rand::Rng;
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0x7ac);
    let mut tracks = Batch::new(
        "tracks",
        "id, uploaded_by, title, artist, album, genre, title_lower, artist_lower, search_text, \
         duration_secs, plays, verified, status, audio_key, audio_content_type, audio_size_bytes, \
         lossless_source, cover_key, cover_large_key, loudness_lufs, true_peak_dbtp, created_at, updated_at",
    );
    let mut renditions = Batch::new(
        "renditions",
        "track_id, quality, media_key, content_type, size_bytes, created_at",
    );
    let mut waveforms = Batch::new("track_waveforms", "track_id, peaks");
    let mut ids = Vec::with_capacity(plan.size.tracks);
    let mut tx = db.begin().await?;
    for (artist, uploader) in artists.iter().enumerate() {
        let genre = words::GENRES[words::zipf(&mut rng, words::GENRES.len())];
        let verified = rng.gen_bool(0.05);
        let (mut album, mut left) = (None::<String>, 0u32);
        for track in plan.tracks_of(artist as u32) {
            if left == 0 {
                (album, left) = if rng.gen_bool(0.25) {
                    (None, rng.gen_range(1..=3))
                } else {
                    (Some(words::album(&mut rng)), rng.gen_range(6..=12))
                };
            }
            left -= 1;
            let genre = if rng.gen_bool(0.1) {
                words::GENRES[rng.gen_range(0..words::GENRES.len())]
            } else {
                genre
            };
            let text = TrackText::parse(
                Some(&words::title(&mut rng)),
                Some(&artist_names[artist]),
                album.as_deref(),
                Some(genre),
            )?;
            let (title_lower, artist_lower, search_text) = text.search_keys();
            let template = &templates[track as usize % templates.len()];
            let id = Uuid::now_v7().to_string();
            let created =
                now - chrono::Duration::seconds(rng.gen_range(3600..CATALOGUE_DAYS * 86_400));
            tracks.push(vec![
                Value::Text(id.clone()),
                Value::Text(uploader.clone()),
                Value::Text(text.title),
                Value::Text(text.artist),
                Value::MaybeText(text.album),
                Value::MaybeText(text.genre),
                Value::Text(title_lower),
                Value::Text(artist_lower),
                Value::Text(search_text),
                Value::Int(template.duration_secs),
                Value::Int(i64::from(plays[track as usize])),
                Value::Bool(verified),
                Value::Text(TrackStatus::Ready.as_str().to_owned()),
                Value::Text(template.audio_key.clone()),
                Value::Text(template.audio_content_type.clone()),
                Value::Int(template.audio_size_bytes),
                Value::Bool(template.lossless_source),
                Value::MaybeText(template.cover_key.clone()),
                Value::MaybeText(template.cover_large_key.clone()),
                Value::Real(-14.0),
                Value::Real(-1.0),
                Value::Time(created),
                Value::Time(created),
            ]);
            for rendition in &template.renditions {
                renditions.push(vec![
                    Value::Text(id.clone()),
                    Value::Text(rendition.quality.clone()),
                    Value::Text(rendition.media_key.clone()),
                    Value::Text(rendition.content_type.clone()),
                    Value::Int(rendition.size_bytes),
                    Value::Time(created),
                ]);
            }
            if let Some(peaks) = &template.peaks {
                waveforms.push(vec![Value::Text(id.clone()), Value::Text(peaks.clone())]);
            }
            ids.push(id);
            if tracks.full() || renditions.full() || waveforms.full() {
                // Parents first: renditions and waveforms refer to tracks.
                tracks.flush(&mut tx).await?;
                renditions.flush(&mut tx).await?;
                waveforms.flush(&mut tx).await?;
            }
            if ids.len() % ROWS_PER_TRANSACTION == 0 {
                // Parents first: renditions and waveforms refer to tracks.
                tracks.flush(&mut tx).await?;
                renditions.flush(&mut tx).await?;
                waveforms.flush(&mut tx).await?;
                tx.commit().await?;
                tx = db.begin().await?;
                tracing::info!(tracks = ids.len(), "tracks written");
            }
        }
    }
    tracks.flush(&mut tx).await?;
    renditions.flush(&mut tx).await?;
    waveforms.flush(&mut tx).await?;
    tx.commit().await.context("cannot write the tracks")?;
    Ok(ids)
}

/// Writes every listener's history, likes and follows; answers how many of each.
async fn write_activity(
    db: &Db,
    plan: &Plan,
    listeners: &[String],
    artists: &[String],
    track_ids: &[String],
    now: Timestamp,
) -> anyhow::Result<(u64, u64, u64)> {
    let start = now - chrono::Duration::seconds(PLAYS_SPAN_SECS);
    let mut history = Batch::new(
        "listening_history",
        "id, user_id, track_id, listened_at, counted",
    );
    let mut likes = Batch::new("liked_tracks", "user_id, track_id, created_at");
    let mut follows = Batch::new("follows", "follower_id, following_id, created_at");
    let mut tx = db.begin().await?;
    let mut since_commit = 0;
    for (n, listener) in listeners.iter().enumerate() {
        let activity = plan.activity(n, true);
        let mut last = start;
        for play in &activity.plays {
            let at = start + chrono::Duration::seconds(play.at_secs);
            last = at;
            history.push(vec![
                Value::Text(Uuid::now_v7().to_string()),
                Value::Text(listener.clone()),
                Value::Text(track_ids[play.track as usize].clone()),
                Value::Time(at),
                Value::Bool(play.counted),
            ]);
        }
        for track in &activity.likes {
            likes.push(vec![
                Value::Text(listener.clone()),
                Value::Text(track_ids[*track as usize].clone()),
                Value::Time(last),
            ]);
        }
        for artist in &activity.follows {
            follows.push(vec![
                Value::Text(listener.clone()),
                Value::Text(artists[*artist as usize].clone()),
                Value::Time(last),
            ]);
        }
        if history.full() || likes.full() || follows.full() {
            history.flush(&mut tx).await?;
            likes.flush(&mut tx).await?;
            follows.flush(&mut tx).await?;
        }
        since_commit += activity.plays.len();
        if since_commit >= ROWS_PER_TRANSACTION {
            history.flush(&mut tx).await?;
            likes.flush(&mut tx).await?;
            follows.flush(&mut tx).await?;
            tx.commit().await?;
            tx = db.begin().await?;
            since_commit = 0;
            tracing::info!(plays = history.written, "listening history written");
        }
    }
    history.flush(&mut tx).await?;
    likes.flush(&mut tx).await?;
    follows.flush(&mut tx).await?;
    tx.commit()
        .await
        .context("cannot write the listening history")?;
    Ok((history.written, likes.written, follows.written))
}
