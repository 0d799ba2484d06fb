//! Recommendation quality benchmark (`make bench-recs`): synthetic listeners with latent
//! tastes, the last plays of each held out, our recommender against popularity and plain
//! item-item co-occurrence computed in the same run from the same training data.
//!
//! The catalog has genres, artists (each in one genre, of skewed popularity) and their tracks
//! (two albums each, popularity skewed within the artist). A listener has two favourite genres
//! and four favourite artists, and listens in sessions of a few plays: a session is about one
//! favourite artist, or one favourite genre, or the charts; each play in it draws a track by
//! popularity from that pool. The last [`HELD_OUT`] plays of every listener are held out; the
//! tracks among them that the listener did not play before are what a recommendation should
//! find.
//!
//! Ours is trained through the real code path: the rows go into a temporary SQLite database
//! with the server's migrations, the neighbours job folds them in (`neighbours::fold_new`, what
//! the `update_neighbours` job runs), and each listener's 10 come from
//! `recommendations::service::recommend`, the request's code. Baselines see the same training
//! plays: popularity (most played tracks), and item-item (for each candidate, the number of
//! listeners who played both it and a track of mine, summed over my tracks; once over all my
//! training tracks and once over my last 10). None of them recommends a track I played.
//!
//! `RECS_SEED` (default 15) seeds the generator, `RECS_LISTENERS` (default 2000) sizes it.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use backbeat::catalog::upload::store::{self as track_store, NewTrack, StoredAudio};
use backbeat::catalog::upload::track_text::TrackText;
use backbeat::db::{Db, Timestamp};
use backbeat::recommendations::scoring::Blend;
use backbeat::recommendations::{neighbours, service};
use backbeat_core::ids::{TrackId, UserId};
use rand::distributions::{Distribution, WeightedIndex};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GENRES: usize = 16;
const ARTISTS_PER_GENRE: usize = 25;
const TRACKS_PER_ARTIST: usize = 12;
const HELD_OUT: usize = 5;
const SESSION: usize = 5;
const K: usize = 10;

struct Catalog {
    /// Per track: artist, genre, popularity weight.
    tracks: Vec<(usize, usize, f64)>,
    artists_of_genre: Vec<Vec<usize>>,
    tracks_of_artist: Vec<Vec<usize>>,
    tracks_of_genre: Vec<Vec<usize>>,
    artist_weight: Vec<f64>,
}

fn catalog(rng: &mut StdRng) -> Catalog {
    let artists = GENRES * ARTISTS_PER_GENRE;
    let mut artist_weight: Vec<f64> = (0..artists)
        .map(|a| 1.0 / ((a % ARTISTS_PER_GENRE) as f64 + 1.0).powf(0.9))
        .collect();
    for w in &mut artist_weight {
        *w *= rng.gen_range(0.5..1.5);
    }
    let mut tracks = Vec::new();
    let mut tracks_of_artist = vec![Vec::new(); artists];
    let mut tracks_of_genre = vec![Vec::new(); GENRES];
    let artists_of_genre = (0..GENRES)
        .map(|g| (g * ARTISTS_PER_GENRE..(g + 1) * ARTISTS_PER_GENRE).collect())
        .collect();
    for artist in 0..artists {
        let genre = artist / ARTISTS_PER_GENRE;
        for i in 0..TRACKS_PER_ARTIST {
            let weight = artist_weight[artist] / (i as f64 + 1.0).powf(0.8);
            tracks_of_artist[artist].push(tracks.len());
            tracks_of_genre[genre].push(tracks.len());
            tracks.push((artist, genre, weight));
        }
    }
    Catalog {
        tracks,
        artists_of_genre,
        tracks_of_artist,
        tracks_of_genre,
        artist_weight,
    }
}

fn pick(rng: &mut StdRng, pool: &[usize], weight: impl Fn(usize) -> f64) -> usize {
    let weights: Vec<f64> = pool.iter().map(|&i| weight(i)).collect();
    pool[WeightedIndex::new(&weights).unwrap().sample(rng)]
}

/// One listener's plays, oldest first.
fn listener(rng: &mut StdRng, catalog: &Catalog) -> Vec<usize> {
    let first = rng.gen_range(0..GENRES);
    let second = (first + rng.gen_range(1..GENRES)) % GENRES;
    let genres = [first, first, second];
    let mut favourites = Vec::new();
    while favourites.len() < 4 {
        let genre = genres[rng.gen_range(0..genres.len())];
        let artist = pick(rng, &catalog.artists_of_genre[genre], |a| {
            catalog.artist_weight[a]
        });
        if !favourites.contains(&artist) {
            favourites.push(artist);
        }
    }
    let all: Vec<usize> = (0..catalog.tracks.len()).collect();
    let sessions = rng.gen_range(8..18);
    let mut plays = Vec::new();
    for _ in 0..sessions {
        let mood: f64 = rng.r#gen();
        let pool: &[usize] = if mood < 0.45 {
            &catalog.tracks_of_artist[favourites[rng.gen_range(0..favourites.len())]]
        } else if mood < 0.9 {
            &catalog.tracks_of_genre[genres[rng.gen_range(0..genres.len())]]
        } else {
            &all
        };
        for _ in 0..SESSION {
            plays.push(pick(rng, pool, |t| catalog.tracks[t].2));
        }
    }
    plays
}

#[derive(Default, Clone, Copy)]
struct Score {
    hits: f64,
    ndcg: f64,
}

impl Score {
    fn add(&mut self, ranked: &[usize], held: &HashSet<usize>) {
        let mut dcg = 0.0;
        for (rank, track) in ranked.iter().take(K).enumerate() {
            if held.contains(track) {
                dcg += 1.0 / (rank as f64 + 2.0).log2();
            }
        }
        let ideal: f64 = (0..held.len().min(K))
            .map(|rank| 1.0 / (rank as f64 + 2.0).log2())
            .sum();
        self.hits += if dcg > 0.0 { 1.0 } else { 0.0 };
        self.ndcg += dcg / ideal;
    }
}

/// The best `K` of the scored candidates not in `exclude`, ties to the most played.
fn top(scores: &HashMap<usize, f64>, exclude: &HashSet<usize>, plays: &[i64]) -> Vec<usize> {
    let mut ranked: Vec<(&usize, &f64)> = scores
        .iter()
        .filter(|(t, _)| !exclude.contains(t))
        .collect();
    ranked.sort_by(|a, b| {
        b.1.total_cmp(a.1)
            .then(plays[*b.0].cmp(&plays[*a.0]))
            .then(a.0.cmp(b.0))
    });
    ranked.into_iter().take(K).map(|(t, _)| *t).collect()
}

fn main() {
    let seed: u64 = std::env::var("RECS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let listeners: usize = std::env::var("RECS_LISTENERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(seed, listeners));
}

async fn run(seed: u64, listeners: usize) {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(seed);
    let catalog = catalog(&mut rng);
    let histories: Vec<Vec<usize>> = (0..listeners)
        .map(|_| listener(&mut rng, &catalog))
        .collect();
    let mut train: Vec<&[usize]> = Vec::new();
    let mut held: Vec<HashSet<usize>> = Vec::new();
    for plays in &histories {
        let (before, after) = plays.split_at(plays.len() - HELD_OUT);
        let seen: HashSet<usize> = before.iter().copied().collect();
        train.push(before);
        held.push(
            after
                .iter()
                .copied()
                .filter(|t| !seen.contains(t))
                .collect(),
        );
    }
    let mut plays = vec![0i64; catalog.tracks.len()];
    for history in &train {
        for &t in *history {
            plays[t] += 1;
        }
    }
    let training_plays: usize = train.iter().map(|h| h.len()).sum();

    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("recs.db").display());
    let db = Db::connect(&url).await.unwrap();
    db.migrate().await.unwrap();
    let (track_ids, user_ids) = load(&db, &catalog, &train, &plays).await;
    let loaded = started.elapsed();

    let fold = Instant::now();
    let folded = neighbours::fold_new(&db, Timestamp::now() + chrono::Duration::seconds(1), None)
        .await
        .unwrap();
    let fold = fold.elapsed();
    assert_eq!(folded.listens as usize, training_plays);

    let index: HashMap<&str, usize> = track_ids
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect();
    // Plain item-item: listeners who played both.
    let mut co: Vec<HashMap<usize, f64>> = vec![HashMap::new(); catalog.tracks.len()];
    let distinct: Vec<Vec<usize>> = train
        .iter()
        .map(|h| {
            let set: HashSet<usize> = h.iter().copied().collect();
            set.into_iter().collect()
        })
        .collect();
    for tracks in &distinct {
        for &a in tracks {
            for &b in tracks {
                if a != b {
                    *co[a].entry(b).or_default() += 1.0;
                }
            }
        }
    }
    let popular: HashMap<usize, f64> = plays
        .iter()
        .enumerate()
        .map(|(t, &p)| (t, p as f64))
        .collect();

    // `RECS_SWEEP=1` also scores other blends (to choose the default); the table shows ours with
    // the default.
    let mut blends = vec![("ours (neighbours job + blend)".to_owned(), Blend::DEFAULT)];
    if std::env::var("RECS_SWEEP").is_ok_and(|v| v == "1") {
        let d = Blend::DEFAULT;
        for (name, blend) in [
            ("similar 1.5", Blend { similar: 1.5, ..d }),
            ("similar 0.7", Blend { similar: 0.7, ..d }),
            ("artist 3", Blend { artist: 3.0, ..d }),
            ("genre 2", Blend { genre: 2.0, ..d }),
            ("popular 1", Blend { popular: 1.0, ..d }),
            ("norm 0", Blend { norm: 0.0, ..d }),
            ("norm 0.5 (cosine)", Blend { norm: 0.5, ..d }),
        ] {
            blends.push((name.to_owned(), blend));
        }
    }
    let mut ours_by_blend = vec![Score::default(); blends.len()];
    let (mut pop, mut item_all, mut item_recent) =
        (Score::default(), Score::default(), Score::default());
    let mut evaluated = 0usize;
    let mut latencies = Vec::new();
    for (user, held) in held.iter().enumerate() {
        if held.is_empty() {
            continue;
        }
        evaluated += 1;
        let exclude: HashSet<usize> = distinct[user].iter().copied().collect();
        for ((_, blend), score) in blends.iter().zip(&mut ours_by_blend) {
            let asked = Instant::now();
            let recommended =
                service::recommend_with(&db, &UserId::from(user_ids[user].as_str()), blend)
                    .await
                    .unwrap();
            if *blend == Blend::DEFAULT {
                latencies.push(asked.elapsed().as_secs_f64() * 1000.0);
            }
            let ranked: Vec<usize> = recommended.iter().map(|t| index[t.id.as_str()]).collect();
            score.add(&ranked, held);
        }
        pop.add(&top(&popular, &exclude, &plays), held);
        let item_item = |seeds: &[usize]| {
            let mut scores: HashMap<usize, f64> = HashMap::new();
            for &s in seeds {
                for (&n, &c) in &co[s] {
                    *scores.entry(n).or_default() += c;
                }
            }
            top(&scores, &exclude, &plays)
        };
        item_all.add(&item_item(&distinct[user]), held);
        let mut recent = Vec::new();
        for &t in train[user].iter().rev() {
            if recent.len() == 10 {
                break;
            }
            if !recent.contains(&t) {
                recent.push(t);
            }
        }
        item_recent.add(&item_item(&recent), held);
    }
    latencies.sort_by(f64::total_cmp);
    let percentile =
        |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];

    let n = evaluated as f64;
    println!(
        "bench-recs: seed {seed}, {} tracks, {} artists, {GENRES} genres, {listeners} listeners, \
         {training_plays} training plays, last {HELD_OUT} plays held out ({evaluated} listeners \
         with a new track among them)",
        catalog.tracks.len(),
        catalog.artist_weight.len()
    );
    println!(
        "load {:.1} s, neighbours job fold {:.1} s ({} listens), requests p50 {:.2} ms p99 {:.2} ms",
        loaded.as_secs_f64(),
        fold.as_secs_f64(),
        folded.listens,
        percentile(0.5),
        percentile(0.99)
    );
    println!();
    println!("{:<36} {:>8} {:>8}", "recommender", "HR@10", "NDCG@10");
    let rows = [
        ("popularity", pop),
        ("item-item (all my tracks)", item_all),
        ("item-item (my last 10)", item_recent),
    ];
    for (name, score) in rows {
        println!("{name:<36} {:>8.4} {:>8.4}", score.hits / n, score.ndcg / n);
    }
    for ((name, _), score) in blends.iter().zip(&ours_by_blend) {
        println!("{name:<36} {:>8.4} {:>8.4}", score.hits / n, score.ndcg / n);
    }
    let ours = ours_by_blend[0];
    let best = if item_all.ndcg >= item_recent.ndcg {
        item_all
    } else {
        item_recent
    };
    println!();
    println!(
        "ours / best item-item: HR@10 x{:.2}, NDCG@10 x{:.2}   (total {:.0} s)",
        ours.hits / best.hits,
        ours.ndcg / best.ndcg,
        started.elapsed().as_secs_f64()
    );
}

/// Writes the catalog (through the upload's own insert) and the training plays.
async fn load(
    db: &Db,
    catalog: &Catalog,
    train: &[&[usize]],
    plays: &[i64],
) -> (Vec<String>, Vec<String>) {
    let now = Timestamp::now();
    let mut tx = db.begin().await.unwrap();
    let label = user(&mut tx, "label", now).await;
    let mut track_ids = Vec::new();
    for (t, &(artist, genre, _)) in catalog.tracks.iter().enumerate() {
        let id = uuid::Uuid::now_v7().to_string();
        let text = TrackText::parse(
            Some(&format!("Track {t}")),
            Some(&format!("Artist {artist}")),
            Some(&format!("Album {artist}-{}", (t % TRACKS_PER_ARTIST) / 6)),
            Some(&format!("Genre {genre}")),
        )
        .unwrap();
        let audio = StoredAudio {
            key: format!("tracks/bench/{id}.mp3"),
            content_type: "audio/mpeg".into(),
            size_bytes: 1,
            duration_secs: 180,
            lossless: false,
        };
        let track = NewTrack::new(
            TrackId::from(id.as_str()),
            &UserId::from(label.as_str()),
            text,
            audio,
            None,
        );
        track_store::insert_track(&mut tx, &track, now - chrono::Duration::days(60))
            .await
            .unwrap();
        backbeat::on_tx!(&mut tx, conn => sqlx::query(
            "UPDATE tracks SET status = 'ready', plays = $2 WHERE id = $1")
            .bind(&id).bind(plays[t]).execute(conn).await.map(drop))
        .unwrap();
        track_ids.push(id);
    }
    let mut user_ids = Vec::new();
    for (u, history) in train.iter().enumerate() {
        let id = user(&mut tx, &format!("listener{u}"), now).await;
        // Over the last 20 days, a listen every few hours.
        let step = chrono::Duration::days(20) / (history.len() as i32 + 1);
        for (i, &t) in history.iter().enumerate() {
            let at = now - chrono::Duration::days(20) + step * (i as i32);
            backbeat::on_tx!(&mut tx, conn => sqlx::query(
                "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
                 VALUES ($1, $2, $3, $4, TRUE)")
                .bind(uuid::Uuid::now_v7().to_string()).bind(&id).bind(&track_ids[t]).bind(at)
                .execute(conn).await.map(drop))
            .unwrap();
        }
        user_ids.push(id);
    }
    tx.commit().await.unwrap();
    (track_ids, user_ids)
}

/// A user row (nothing else reads more of a user here).
async fn user(tx: &mut backbeat::db::Tx, name: &str, now: Timestamp) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    let email = format!("{name}@bench.invalid");
    backbeat::on_tx!(tx, conn => sqlx::query(
        "INSERT INTO users (id, identity_id, email, encrypted_password, created_at, updated_at) \
         VALUES ($1, $1, $2, '', $3, $3)")
        .bind(&id).bind(&email).bind(now).execute(conn).await.map(drop))
    .unwrap();
    id
}
