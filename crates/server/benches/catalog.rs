//! Catalog benchmark (`make bench-catalog`): discovery at scale. A catalogue of BENCH_TRACKS
//! tracks (default 1,000,000), BENCH_LISTENERS listeners (20,000) and BENCH_PLAYS plays
//! (5,000,000) is generated with `backbeat seed-scale` once per size and backend and kept in
//! $CARGO_TARGET_DIR/bench-catalog/ (PostgreSQL: a database named after the size on the server of
//! TEST_DATABASE_URL, when set; BENCH_BACKENDS=sqlite or postgres measures one of the two). The
//! release binary serves it; 16 signed-in listeners ask each
//! endpoint for BENCH_SECONDS seconds (default 10): search (a rare word, the common 'love', an
//! artist's name, a prefix), the listing with a cursor deep in the catalogue, the track page
//! (with Up Next), the artist page, recommendations (kept between a listener's requests), a play
//! followed by recommendations (computed again: each run adds its plays to the kept catalogue)
//! and home. Each line gives requests/s, p50,
//! p99 and errors, beside the database's own floor: the same query run directly in `sqlite3` /
//! `psql`, timed there, so the API's overhead is a ratio. The targets are checked.
//!
//! The Subsonic rows follow (`/rest/...`, `f=json`, each client signed in with its own app
//! password): `search3` with the empty query as apps sync, 500 songs a page, each client walking
//! its own run of pages from its own place in the catalogue (then pages read by their offset
//! alone), `search3` for words of the catalogue's titles, and `getAlbumList2` (newest,
//! alphabeticalByName, frequent, random; 50 albums at offsets spread over them all); then one
//! client syncs the whole catalogue in pages of 500 alone, timed. BENCH_ROWS=web or subsonic
//! measures only those rows.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::Instant;

use backbeat::catalog::artist::store::TOP_TRACKS;
use backbeat::catalog::browse::store::NEWEST_AFTER;
use backbeat::catalog::search::COUNT_CAP;
use backbeat::catalog::search::query::SearchQuery;
use backbeat::catalog::track_page::store::{FIND_VISIBLE, RELATED};
use backbeat::db::page::Position;
use backbeat::db::{Db, Timestamp};

#[path = "support/load.rs"]
mod load;

const CLIENTS: usize = 16;
/// Runs of a floor query; its p50 and p99 are over these.
const FLOOR_RUNS: usize = 40;

fn main() -> ExitCode {
    match tokio::runtime::Runtime::new()
        .map_err(|e| e.to_string())
        .and_then(|runtime| runtime.block_on(run()))
    {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("bench-catalog: {message}");
            ExitCode::FAILURE
        }
    }
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

#[derive(Clone, Copy, Debug)]
struct Size {
    tracks: usize,
    artists: usize,
    listeners: usize,
    plays: usize,
}

impl Size {
    fn key(&self) -> String {
        format!(
            "{}t_{}a_{}l_{}p",
            self.tracks, self.artists, self.listeners, self.plays
        )
    }
}

async fn run() -> Result<bool, String> {
    let binary = std::env::var("BACKBEAT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("target/release/backbeat"));
    if !binary.is_file() {
        return Err(format!(
            "{} is missing: build it first (make bench-catalog does)",
            binary.display()
        ));
    }
    let tracks = env_number("BENCH_TRACKS", 1_000_000);
    let size = Size {
        tracks,
        artists: env_number("BENCH_ARTISTS", (tracks / 20).max(1)),
        listeners: env_number("BENCH_LISTENERS", 20_000),
        plays: env_number("BENCH_PLAYS", 5_000_000),
    };
    let seconds = env_number("BENCH_SECONDS", 10) as u64;
    let rows = Rows::from_env()?;
    let root = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("target"))
        .join("bench-catalog");
    backbeat::net::use_ring_for_tls();
    println!(
        "== Catalog benchmark: {} tracks, {} artists, {} listeners, {} plays; {CLIENTS} clients, {seconds} s per endpoint; {} CPUs ==",
        size.tracks,
        size.artists,
        size.listeners,
        size.plays,
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let mut backends = vec![("sqlite", None)];
    if let Ok(url) = std::env::var("TEST_DATABASE_URL") {
        backends.push(("postgres", Some(url)));
    }
    // BENCH_BACKENDS=postgres (or sqlite) measures one backend only.
    if let Ok(only) = std::env::var("BENCH_BACKENDS") {
        backends.retain(|(backend, _)| only.split(',').any(|b| b.trim() == *backend));
    }
    let mut all_pass = true;
    for (backend, admin_url) in backends {
        let dir = root.join(format!("{backend}-{}", size.key()));
        let url = match &admin_url {
            None => format!("sqlite://{}", dir.join("backbeat.db").display()),
            Some(admin) => database_url(admin, &format!("bench_catalog_{}", size.key())),
        };
        prepare(&binary, &dir, &url, admin_url.as_deref(), size).await?;
        all_pass &= bench(&binary, backend, &dir, &url, seconds, rows).await?;
    }
    Ok(all_pass)
}

/// Which rows are measured: BENCH_ROWS=web, subsonic or both (the default).
#[derive(Clone, Copy, Debug)]
struct Rows {
    web: bool,
    subsonic: bool,
}

impl Rows {
    fn from_env() -> Result<Self, String> {
        let text = std::env::var("BENCH_ROWS").unwrap_or_else(|_| "web,subsonic".into());
        let named = |name: &str| text.split(',').any(|row| row.trim() == name);
        let rows = Self {
            web: named("web"),
            subsonic: named("subsonic"),
        };
        if !rows.web && !rows.subsonic {
            return Err(format!("BENCH_ROWS={text}: name web, subsonic or both"));
        }
        Ok(rows)
    }
}

/// The newest migration's file name: a catalogue is reused only under the schema it was made in.
fn schema_key() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/sqlite");
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
        .max()
        .and_then(|name| name.split('_').next().map(str::to_owned))
        .unwrap_or_default()
}

/// `admin` with its database replaced by `name`.
fn database_url(admin: &str, name: &str) -> String {
    let (base, _) = admin.rsplit_once('/').unwrap_or((admin, ""));
    format!("{base}/{name}")
}

/// Seeds the catalogue unless a finished one of this size is there.
async fn prepare(
    binary: &Path,
    dir: &Path,
    url: &str,
    admin_url: Option<&str>,
    size: Size,
) -> Result<(), String> {
    // A catalogue seeded under an older schema is seeded again: the stamp names the migrations.
    let stamp = dir.join(format!("seeded-{}", schema_key()));
    if let Ok(text) = std::fs::read_to_string(&stamp) {
        println!("reusing {} ({})", dir.display(), text.trim());
        // Seeded by hand without the rebuild: learnt now, or the server's neighbours job would
        // fold every play in during the measurement (it took 1.5 of 2 cores at 200k).
        if !text.contains(LEARNT) {
            let report = format!("{}; {}", text.trim(), learn_neighbours(binary, dir, url)?);
            println!("{report}");
            std::fs::write(&stamp, report).map_err(|e| e.to_string())?;
        }
        return Ok(());
    }
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    if let Some(admin) = admin_url {
        let name = url.rsplit_once('/').map_or("", |(_, n)| n);
        let db = Db::connect(admin).await.map_err(|e| e.to_string())?;
        if let Db::Postgres(pool) = &db {
            for sql in [
                format!("DROP DATABASE IF EXISTS {name}"),
                format!("CREATE DATABASE {name}"),
            ] {
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(pool)
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        db.close().await;
    }
    println!("seeding {url} (once for this size) ...");
    let started = Instant::now();
    let output = Command::new(binary)
        .args(["seed-scale", "--tracks", &size.tracks.to_string()])
        .args(["--artists", &size.artists.to_string()])
        .args(["--listeners", &size.listeners.to_string()])
        .args(["--plays", &size.plays.to_string()])
        .env("BACKBEAT_DATA_DIR", dir)
        .env("BACKBEAT_DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("seed-scale failed: {}", output.status));
    }
    let seed_seconds = started.elapsed().as_secs_f64();
    let learnt = learn_neighbours(binary, dir, url)?;
    let report = format!(
        "{} seed time {seed_seconds:.0} s; {learnt}",
        String::from_utf8_lossy(&output.stdout).trim(),
    );
    println!("{report}");
    std::fs::write(&stamp, report).map_err(|e| e.to_string())
}

/// How the seed stamp says that the recommender learnt the catalogue.
const LEARNT: &str = "recommendations rebuild:";

/// What the neighbours job would fold in over time, learnt at once, so that recommendations
/// are measured as a running server has them (and no job runs during the measurement).
fn learn_neighbours(binary: &Path, dir: &Path, url: &str) -> Result<String, String> {
    let started = Instant::now();
    let learnt = Command::new(binary)
        .args(["recommendations", "rebuild"])
        .env("BACKBEAT_DATA_DIR", dir)
        .env("BACKBEAT_DATABASE_URL", url)
        .env("RUST_LOG", "warn")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !learnt.status.success() {
        return Err(format!("recommendations rebuild failed: {}", learnt.status));
    }
    Ok(format!(
        "{LEARNT} {} in {:.0} s",
        String::from_utf8_lossy(&learnt.stdout).trim(),
        started.elapsed().as_secs_f64()
    ))
}

/// What the clients ask for, drawn from the catalogue itself.
struct Inputs {
    track_ids: Vec<String>,
    artists: Vec<String>,
    rare: String,
    prefix: String,
    deep: Position,
    /// Every word of the sampled tracks' titles, in order: a word comes as often as the sample
    /// has it.
    title_words: Vec<String>,
    /// Ready tracks: what the empty search lists.
    ready: i64,
    /// Albums with a ready track: what `getAlbumList2` lists.
    albums: i64,
}

async fn inputs(db: &Db) -> Result<Inputs, String> {
    // 100 artists spread over the catalogue, two tracks of each.
    let artists: Vec<String> = backbeat::on_db!(db, pool => sqlx::query_scalar(
        "SELECT artist FROM artist_totals WHERE track_count > 0 ORDER BY artist")
        .fetch_all(pool).await)
    .map_err(|e| e.to_string())?;
    let step = (artists.len() / 100).max(1);
    let mut sample: Vec<(String, String, String)> = Vec::new();
    for artist in artists.iter().step_by(step).take(100) {
        let tracks: Vec<(String, String, String)> = backbeat::on_db!(db, pool => sqlx::query_as(
            "SELECT id, artist, title_lower FROM tracks WHERE artist = $1 AND status = 'ready' \
             ORDER BY plays DESC, created_at DESC, id DESC LIMIT 2")
            .bind(artist).fetch_all(pool).await)
        .map_err(|e| e.to_string())?;
        sample.extend(tracks);
    }
    if sample.is_empty() {
        return Err("the catalogue has no ready track".into());
    }
    let total: i64 = backbeat::on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks").fetch_one(pool).await)
    .map_err(|e| e.to_string())?;
    let (at, id): (Timestamp, String) = backbeat::on_db!(db, pool => sqlx::query_as(
        "SELECT created_at, id FROM tracks WHERE status = 'ready' \
         ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET $1")
        .bind(total / 2).fetch_one(pool).await)
    .map_err(|e| e.to_string())?;
    let rare = sample
        .iter()
        .flat_map(|(_, _, title)| title.split_whitespace())
        .filter(|word| *word != "love")
        .max_by_key(|word| word.chars().count())
        .unwrap_or("zephyr")
        .to_owned();
    let title_words = sample
        .iter()
        .flat_map(|(_, _, title)| title.split_whitespace())
        .map(str::to_owned)
        .collect();
    let ready: i64 = backbeat::on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks WHERE status = 'ready'").fetch_one(pool).await)
    .map_err(|e| e.to_string())?;
    let albums: i64 = backbeat::on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM album_totals WHERE track_count > 0").fetch_one(pool).await)
    .map_err(|e| e.to_string())?;
    let prefix: String = sample
        .first()
        .map(|(_, artist, _)| artist.to_lowercase().chars().take(4).collect())
        .unwrap_or_default();
    Ok(Inputs {
        track_ids: sample.iter().map(|s| s.0.clone()).collect(),
        artists: sample.iter().map(|s| s.1.clone()).collect(),
        rare,
        prefix,
        deep: Position::new(0, at, &id),
        title_words,
        ready,
        albums,
    })
}

fn encode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes())
        .collect::<String>()
        .replace('+', "%20")
}

/// An endpoint under test: its paths (taken in turn), its p99 target, its floor query.
struct Endpoint {
    name: &'static str,
    /// Tracks played (`POST .../plays`) before each request, in turn; the pair is timed.
    played: Vec<String>,
    paths: Vec<String>,
    target_ms: f64,
    floor: Option<String>,
}

/// `sql` with `$n` replaced by the literal `args[n - 1]`.
fn inline(sql: &str, args: &[String]) -> String {
    let mut out = sql.to_owned();
    for (n, arg) in args.iter().enumerate().rev() {
        out = out.replace(&format!("${}", n + 1), arg);
    }
    out
}

fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

fn endpoints(inputs: &Inputs, postgres: bool) -> Vec<Endpoint> {
    let search = |q: &str| vec![format!("/api/v1/tracks?q={}", encode(q))];
    // The text-index statement every search runs: its capped count of the matches (the same
    // SQL as `search::count` with `ready_only`, whose FTS5 / tsquery text `SearchQuery` builds).
    // One statement of the several a search may run, so the lowest floor.
    let search_floor = |q: &str| {
        let query = SearchQuery::parse(q)?;
        let cap = (COUNT_CAP + 1).to_string();
        Some(if postgres {
            inline(
                "SELECT count(*) FROM (SELECT 1 FROM tracks t WHERE t.search_vector @@ \
                 to_tsquery('simple', backbeat_unaccent($1)) AND t.status = 'ready' LIMIT $2) c",
                &[quoted(&query.tsquery(None)), cap],
            )
        } else {
            inline(
                "SELECT count(*) FROM (SELECT 1 FROM tracks_search s JOIN tracks t \
                 ON t.rowid = s.rowid WHERE s.tracks_search MATCH $1 AND t.status = 'ready' \
                 LIMIT $2)",
                &[quoted(&query.fts(None)), cap],
            )
        })
    };
    let (track, artist) = (&inputs.track_ids[0], &inputs.artists[0]);
    let deep = &inputs.deep;
    let track_page_floor = format!(
        "{}; {}",
        inline(FIND_VISIBLE, &[quoted(track), quoted("nobody")]),
        inline(
            RELATED,
            &[quoted(track), quoted(artist), quoted("none"), "5".into()]
        )
    );
    vec![
        Endpoint {
            name: "search: rare word",
            played: Vec::new(),
            paths: search(&inputs.rare),
            target_ms: 50.0,
            floor: search_floor(&inputs.rare),
        },
        Endpoint {
            name: "search: 'love'",
            played: Vec::new(),
            paths: search("love"),
            target_ms: 50.0,
            floor: search_floor("love"),
        },
        Endpoint {
            name: "search: artist name",
            played: Vec::new(),
            paths: search(&artist.to_lowercase()),
            target_ms: 50.0,
            floor: search_floor(&artist.to_lowercase()),
        },
        Endpoint {
            name: "search: prefix",
            played: Vec::new(),
            paths: search(&inputs.prefix),
            target_ms: 50.0,
            floor: search_floor(&inputs.prefix),
        },
        Endpoint {
            name: "listing, deep cursor",
            played: Vec::new(),
            paths: vec![format!("/api/v1/tracks?cursor={}", deep.to_cursor())],
            target_ms: 20.0,
            floor: Some(inline(
                NEWEST_AFTER,
                &[quoted(&deep.at.to_string()), quoted(&deep.id), "51".into()],
            )),
        },
        Endpoint {
            name: "track page + Up Next",
            played: Vec::new(),
            paths: inputs
                .track_ids
                .iter()
                .map(|id| format!("/api/v1/tracks/{id}"))
                .collect(),
            target_ms: 20.0,
            floor: Some(track_page_floor),
        },
        Endpoint {
            name: "artist page",
            played: Vec::new(),
            paths: inputs
                .artists
                .iter()
                .map(|a| format!("/api/v1/artists/{}", encode(a)))
                .collect(),
            target_ms: 20.0,
            floor: Some(format!(
                "SELECT * FROM artist_totals WHERE artist = {a}; {}",
                inline(
                    TOP_TRACKS,
                    &[
                        quoted(artist),
                        i64::MAX.to_string(),
                        quoted("9999-12-31T23:59:59.999999Z"),
                        quoted(""),
                        "21".into()
                    ]
                ),
                a = quoted(artist)
            )),
        },
        Endpoint {
            name: "recommendations",
            played: Vec::new(),
            paths: vec!["/api/v1/recommendations".into()],
            target_ms: 30.0,
            floor: None,
        },
        // Every request of the row above after the first is served from the listener's kept
        // list; a play makes it be computed again, as a listener's next visit to home does.
        Endpoint {
            name: "play, then recommendations",
            played: inputs.track_ids.clone(),
            paths: vec!["/api/v1/recommendations".into()],
            target_ms: f64::INFINITY,
            floor: None,
        },
        Endpoint {
            name: "home",
            played: Vec::new(),
            paths: vec!["/api/v1/home".into()],
            target_ms: f64::INFINITY,
            floor: None,
        },
    ]
}

/// Client `c` signed in as listener `c` asks for the paths in turn (client `c` starts at the
/// `c`-th), each after playing the next of `played` when there are any.
fn get_paths(
    client: &reqwest::Client,
    base: &str,
    tokens: &[String],
    played: &[String],
    paths: &[String],
) -> load::Request {
    let (client, base) = (client.clone(), base.to_owned());
    let (tokens, paths) = (Arc::new(tokens.to_vec()), Arc::new(paths.to_vec()));
    let played = Arc::new(played.to_vec());
    Arc::new(move |c, i| {
        let at = |list: &[String]| list[(c + i * CLIENTS) % list.len()].clone();
        let play = (!played.is_empty()).then(|| {
            client
                .post(format!("{base}/api/v1/tracks/{}/plays", at(&played)))
                .bearer_auth(&tokens[c])
        });
        let request = client
            .get(format!("{base}{}", at(&paths)))
            .bearer_auth(&tokens[c]);
        Box::pin(async move {
            if let Some(play) = play
                && !load::succeeded(play.send().await).await
            {
                return false;
            }
            load::succeeded(request.send().await).await
        })
    })
}

/// The floor: `sql` run FLOOR_RUNS times in `sqlite3` or `psql`, as they time it; (p50, p99) ms.
fn floor(url: &str, sql: &str) -> Option<(f64, f64)> {
    let (mut command, script, marker) = if let Some(path) = url.strip_prefix("sqlite://") {
        let mut command = Command::new("sqlite3");
        command.arg(path);
        let script = format!(".timer on\n{}", format!("{sql};\n").repeat(FLOOR_RUNS));
        (command, script, "Run Time: real ")
    } else {
        let mut command = Command::new("psql");
        command.args(["-X", "-q", url]);
        let script = format!("\\timing on\n{}", format!("{sql};\n").repeat(FLOOR_RUNS));
        (command, script, "Time: ")
    };
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    use std::io::Write;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    // A page's floor is the sum of its queries: statements per run.
    let statements = sql.matches(';').count() + 1;
    // sqlite3 gives wall time in whole milliseconds but CPU time in microseconds: its floor is
    // the CPU time (the catalogue is in the page cache). psql gives wall time in microseconds.
    let times: Vec<f64> = text
        .lines()
        .filter_map(|line| line.strip_prefix(marker))
        .filter_map(|rest| {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            if marker.starts_with("Run") {
                let user: f64 = fields.get(2)?.parse().ok()?;
                let sys: f64 = fields.get(4)?.parse().ok()?;
                Some((user + sys) * 1000.0)
            } else {
                fields.first()?.parse().ok()
            }
        })
        .collect();
    let mut runs: Vec<f64> = times
        .chunks(statements)
        .filter(|c| c.len() == statements)
        .map(|c| c.iter().sum())
        .collect();
    runs.sort_by(f64::total_cmp);
    (!runs.is_empty()).then(|| (load::percentile(&runs, 0.5), load::percentile(&runs, 0.99)))
}

async fn bench(
    binary: &Path,
    backend: &str,
    dir: &Path,
    url: &str,
    seconds: u64,
    rows: Rows,
) -> Result<bool, String> {
    let port = load::free_port()?;
    let base = format!("http://127.0.0.1:{port}");
    let vars = [
        ("BACKBEAT_DATA_DIR", dir.display().to_string()),
        ("BACKBEAT_DATABASE_URL", url.to_owned()),
    ];
    let _server = load::serve(binary, port, &vars, &dir.join("server.log")).await?;
    let client = reqwest::Client::new();
    let tokens = load::sign_in_scale_listeners(&base, CLIENTS).await?;
    let db = Db::connect(url).await.map_err(|e| e.to_string())?;
    let inputs = inputs(&db).await?;
    db.close().await;
    let mut all_pass = true;
    if rows.web {
        println!();
        println!(
            "-- {backend}: rare word {:?}, prefix {:?}, deep cursor at {} --",
            inputs.rare, inputs.prefix, inputs.deep.at
        );
        print_header();
        for endpoint in endpoints(&inputs, backend == "postgres") {
            // Warm up, then measure.
            let request = get_paths(&client, &base, &tokens, &endpoint.played, &endpoint.paths);
            load::measure(CLIENTS, 1, request.clone()).await;
            let m = load::measure(CLIENTS, seconds, request).await;
            let floor = endpoint.floor.as_deref().and_then(|sql| floor(url, sql));
            all_pass &= report(endpoint.name, &m, floor, endpoint.target_ms);
        }
    }
    if rows.subsonic {
        let passwords = load::app_passwords(&base, &tokens, "bench-catalog").await?;
        let signed_in: Vec<String> = passwords
            .iter()
            .enumerate()
            .map(|(c, password)| {
                format!(
                    "u={}&p={}&v=1.16.1&c=bench-catalog&f=json",
                    encode(&backbeat::demo::scale::listener_email(c + 1)),
                    encode(password)
                )
            })
            .collect();
        println!();
        println!(
            "-- {backend}, Subsonic: {} ready tracks ({} pages of {SYNC_PAGE}), {} albums, {} title words sampled --",
            inputs.ready,
            pages(inputs.ready),
            inputs.albums,
            inputs.title_words.len()
        );
        print_header();
        for row in subsonic_rows(&inputs) {
            let request = get_subsonic(&client, &base, &signed_in, row.query);
            load::measure(CLIENTS, 1, request.clone()).await;
            let m = load::measure(CLIENTS, seconds, request).await;
            all_pass &= report(&row.name, &m, None, SUBSONIC_TARGET_MS);
        }
        all_pass &= full_sync(&client, &base, &signed_in[0], inputs.ready).await;
    }
    Ok(all_pass)
}

fn print_header() {
    println!(
        "| endpoint | requests/s | p50 | p99 | errors | DB floor p50 | DB floor p99 | p99 / floor p99 | target p99 | |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
}

/// Prints a row of the table; whether it met its target.
fn report(name: &str, m: &load::Measured, floor: Option<(f64, f64)>, target_ms: f64) -> bool {
    let pass = m.errors == 0 && m.p99_ms < target_ms;
    let (floor_p50, floor_p99, ratio) = match floor {
        Some((p50, p99)) => (
            format!("{p50:.2} ms"),
            format!("{p99:.2} ms"),
            format!("{:.1}x", m.p99_ms / p99.max(0.001)),
        ),
        None => ("n/a".into(), "n/a".into(), "n/a".into()),
    };
    let target = if target_ms.is_finite() {
        format!("< {target_ms} ms")
    } else {
        "no error".into()
    };
    println!(
        "| {name} | {:.0} | {:.2} ms | {:.2} ms | {} of {} | {floor_p50} | {floor_p99} | {ratio} | {target} | {} |",
        m.per_second,
        m.p50_ms,
        m.p99_ms,
        m.errors,
        m.requests,
        if pass { "pass" } else { "FAIL" }
    );
    pass
}

/// The Subsonic rows' p99 target: the web's search's.
const SUBSONIC_TARGET_MS: f64 = 50.0;
/// Songs per page of the empty-query sync, as Symfonium asks.
const SYNC_PAGE: i64 = 500;
/// Albums per `getAlbumList2` page.
const ALBUM_PAGE: i64 = 50;
/// The one-client full sync stops after this long (reported as a sample, not a full walk).
const FULL_SYNC_LIMIT_SECS: u64 = 600;

fn pages(ready: i64) -> i64 {
    (ready + SYNC_PAGE - 1) / SYNC_PAGE
}

/// The query (after `/rest/`) of client `c`'s `i`-th request.
type Query = Arc<dyn Fn(usize, usize) -> String + Send + Sync>;

/// A Subsonic row: its name and what each client asks in turn.
struct SubsonicRow {
    name: String,
    query: Query,
}

fn subsonic_rows(inputs: &Inputs) -> Vec<SubsonicRow> {
    let (ready, pages) = (inputs.ready, pages(inputs.ready).max(1));
    let sync = |offset: i64| {
        format!(
            "search3?query=%22%22&artistCount=0&albumCount=0&songCount={SYNC_PAGE}&songOffset={offset}"
        )
    };
    let mut rows = vec![
        // As apps sync: each client from its own place (client c starts c/16 of the way in)
        // walks on page by page, wrapping to the start; a page after one this node served
        // starts where it ended, the first by its offset.
        SubsonicRow {
            name: format!("search3 \"\": sync walk, {SYNC_PAGE} a page"),
            query: Arc::new(move |c, i| {
                let start = pages * c as i64 / CLIENTS as i64;
                sync((start + i as i64) % pages * SYNC_PAGE)
            }),
        },
        // Pages at offsets spread over the catalogue, half a page off the walk's, so that
        // nearly none follows a page this client asked (one in about `pages` may, when the
        // page before it came up earlier): read by their offset alone, as when another node
        // served the page before or an app resumes a sync.
        SubsonicRow {
            name: format!("search3 \"\": a page by its offset alone, {SYNC_PAGE} a page"),
            query: Arc::new(move |c, i| {
                let page = (c as i64 * 7_919 + i as i64 * 104_729) % pages;
                sync((page * SYNC_PAGE + SYNC_PAGE / 2).min((ready - 1).max(0)))
            }),
        },
    ];
    let words = Arc::new(inputs.title_words.clone());
    rows.push(SubsonicRow {
        name: format!(
            "search3: a title word ({} sampled), 20 songs",
            inputs.title_words.len()
        ),
        query: Arc::new(move |c, i| {
            let word = &words[(c + i * CLIENTS) % words.len()];
            format!("search3?query={}&songCount=20", encode(word))
        }),
    });
    let albums = inputs.albums;
    for kind in ["newest", "alphabeticalByName", "frequent", "random"] {
        rows.push(SubsonicRow {
            name: format!("getAlbumList2 {kind}, {ALBUM_PAGE} at offsets"),
            query: Arc::new(move |c, i| {
                // 100 offsets spread from the first album to the last page.
                let step = (c + i * CLIENTS) % 100;
                let offset = (albums - ALBUM_PAGE).max(0) * step as i64 / 99;
                format!("getAlbumList2?type={kind}&size={ALBUM_PAGE}&offset={offset}")
            }),
        });
    }
    rows
}

/// Client `c`, signed in by `signed_in[c]` (`u`, `p` and the rest), asks `/rest/` its queries.
fn get_subsonic(
    client: &reqwest::Client,
    base: &str,
    signed_in: &[String],
    query: Query,
) -> load::Request {
    let (client, base) = (client.clone(), base.to_owned());
    let signed_in = Arc::new(signed_in.to_vec());
    Arc::new(move |c, i| {
        let request = client.get(format!("{base}/rest/{}&{}", query(c, i), signed_in[c]));
        Box::pin(async move { load::subsonic_ok(request.send().await).await })
    })
}

/// One client syncs the whole catalogue alone, as an app's first sync: the empty search from
/// offset 0 in pages of SYNC_PAGE until a page comes back short. Prints its wall time and its
/// pages' latencies; whether every page answered and the songs add up to the ready tracks.
async fn full_sync(client: &reqwest::Client, base: &str, signed_in: &str, ready: i64) -> bool {
    let started = Instant::now();
    let (mut times, mut songs, mut errors, mut offset) = (Vec::new(), 0_i64, 0, 0_i64);
    let complete = loop {
        if started.elapsed().as_secs() >= FULL_SYNC_LIMIT_SECS {
            break false;
        }
        let at = Instant::now();
        let answer = load::subsonic_json(
            client
                .get(format!(
                    "{base}/rest/search3?query=%22%22&artistCount=0&albumCount=0\
                     &songCount={SYNC_PAGE}&songOffset={offset}&{signed_in}"
                ))
                .send()
                .await,
        )
        .await;
        times.push(at.elapsed().as_secs_f64() * 1000.0);
        let Some(answer) = answer else {
            errors += 1;
            if errors > 10 {
                break false;
            }
            continue;
        };
        let got = answer["searchResult3"]["song"]
            .as_array()
            .map_or(0, Vec::len) as i64;
        songs += got;
        offset += got;
        if got < SYNC_PAGE {
            break true;
        }
    };
    let wall = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    let pass = complete && errors == 0 && songs == ready;
    println!();
    println!(
        "full sync, one client alone: {} pages, {songs} songs of {ready} in {wall:.1} s \
         ({:.0} songs/s); a page p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {errors} errors; {}",
        times.len(),
        songs as f64 / wall,
        load::percentile(&times, 0.5),
        load::percentile(&times, 0.99),
        times.last().copied().unwrap_or(f64::NAN),
        if pass {
            "complete"
        } else if complete {
            "INCOMPLETE: the songs do not add up to the ready tracks"
        } else {
            "STOPPED before the end"
        }
    );
    pass
}
