//! Cluster benchmark (`make bench-cluster`): what two nodes behind a load balancer serve against
//! one, on this machine. A catalogue (BENCH_TRACKS tracks, default 20,000; BENCH_LISTENERS
//! 1,000; BENCH_PLAYS 100,000) is generated with `backbeat seed-scale` on a fresh PostgreSQL
//! database (`bench_cluster` on the server of TEST_DATABASE_URL) with its media on an S3 bucket
//! (s3s-fs on loopback, the tests' server), and its neighbours are learnt at once
//! (`recommendations rebuild`, so no node folds the generated plays in while it is measured).
//! The release binary then serves it three ways: one node asked directly, the same node behind
//! nginx, and two nodes behind nginx (round robin, one set of keys, one public URL). 16
//! signed-in listeners ask each endpoint for BENCH_SECONDS seconds (default 10): browse (the
//! catalogue's first page), search (a few title words in turn), stream (random 64 KiB ranges of
//! signed stream URLs) and plays (a counted play of a track in turn). Each line gives
//! requests/s, p50 and p99 latency and errors, and the ratio of two nodes to one behind the same
//! load balancer. Needs Debian's nginx.

use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;

#[path = "support/load.rs"]
mod load;
#[allow(dead_code)] // The benchmark uses the server, not what the tests read of its bucket.
#[path = "../tests/support/s3_server.rs"]
mod s3_server;

const CLIENTS: usize = 16;
const NGINX: &str = "/usr/sbin/nginx";
const DATABASE: &str = "bench_cluster";
/// Bytes per stream request, as a player's buffer refill.
const RANGE: u64 = 64 * 1024;

fn main() -> ExitCode {
    match tokio::runtime::Runtime::new()
        .map_err(|e| e.to_string())
        .and_then(|runtime| runtime.block_on(run()))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-cluster: {message}");
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

fn run_command(binary: &Path, args: &[&str], vars: &[(&str, String)]) -> Result<String, String> {
    let output = Command::new(binary)
        .args(args)
        .env("RUST_LOG", "error")
        .envs(vars.iter().map(|(name, value)| (*name, value.as_str())))
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!(
            "backbeat {} failed: {}",
            args.join(" "),
            output.status
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

async fn run() -> Result<(), String> {
    let binary = std::path::PathBuf::from(
        std::env::var("BACKBEAT_BIN").unwrap_or_else(|_| "target/release/backbeat".into()),
    );
    if !binary.is_file() {
        return Err(format!(
            "{} is missing: build it first (make bench-cluster does)",
            binary.display()
        ));
    }
    let admin = std::env::var("TEST_DATABASE_URL").map_err(|_| {
        "TEST_DATABASE_URL (PostgreSQL) is not set: nodes share a database".to_owned()
    })?;
    if !Path::new(NGINX).is_file() {
        return Err(format!(
            "{NGINX} is missing (apt-get install nginx): it is the load balancer"
        ));
    }
    let tracks = env_number("BENCH_TRACKS", 20_000);
    let listeners = env_number("BENCH_LISTENERS", 1_000).max(CLIENTS);
    let plays = env_number("BENCH_PLAYS", 100_000);
    let seconds = env_number("BENCH_SECONDS", 10) as u64;
    backbeat::net::use_ring_for_tls();
    let work = tempfile::tempdir().map_err(|e| e.to_string())?;
    let work = work.path();

    let url = fresh_database(&admin).await?;
    let s3 = s3_server::S3Server::start();
    let keys = work.join("keys");
    run_command(
        &binary,
        &["keys", "generate", "--out", keys.to_str().unwrap()],
        &[],
    )?;
    let lb_port = load::free_port()?;
    let mut shared = vec![
        ("BACKBEAT_DATABASE_URL", url.clone()),
        ("BACKBEAT_KEYS_DIR", keys.display().to_string()),
        ("BACKBEAT_PUBLIC_URL", format!("http://127.0.0.1:{lb_port}")),
        // Clients of the benchmark sign in from one address.
        ("BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE", "100000".into()),
    ];
    shared.extend(s3.env("media"));
    println!(
        "== Cluster benchmark: {tracks} tracks, {listeners} listeners, {plays} plays on PostgreSQL, media on S3 (s3s-fs on loopback); {CLIENTS} clients, {seconds} s per endpoint; {} CPUs ==",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    let seed_dir = work.join("seed");
    let mut seed_vars = shared.clone();
    seed_vars.push(("BACKBEAT_DATA_DIR", seed_dir.display().to_string()));
    let seeded = run_command(
        &binary,
        &[
            "seed-scale",
            "--tracks",
            &tracks.to_string(),
            "--artists",
            &(tracks / 20).max(1).to_string(),
            "--listeners",
            &listeners.to_string(),
            "--plays",
            &plays.to_string(),
        ],
        &seed_vars,
    )?;
    println!("{seeded}");
    // What the neighbours job would fold in over the next minutes, learnt now, so that no node
    // is busy with the generated plays while it is measured.
    let learnt = run_command(&binary, &["recommendations", "rebuild"], &seed_vars)?;
    println!("recommendations rebuild: {learnt}");

    let node = |name: &str| {
        let mut vars = shared.clone();
        vars.push(("BACKBEAT_NODE_ID", name.to_owned()));
        vars.push(("BACKBEAT_DATA_DIR", work.join(name).display().to_string()));
        vars
    };
    let port_a = load::free_port()?;
    let _a = load::serve(&binary, port_a, &node("a"), &work.join("a.log")).await?;
    let direct = format!("http://127.0.0.1:{port_a}");
    let inputs = Inputs::load(&direct, &url).await?;

    let mut rows = Vec::new();
    rows.push((
        "one node, direct",
        measure_all(&direct, &inputs, seconds).await?,
    ));
    let lb = format!("http://127.0.0.1:{lb_port}");
    {
        let _nginx = start_nginx(work, lb_port, &[port_a])?;
        load::wait_until_healthy(&lb).await?;
        rows.push((
            "one node, behind nginx",
            measure_all(&lb, &inputs, seconds).await?,
        ));
    }
    let port_b = load::free_port()?;
    let _b = load::serve(&binary, port_b, &node("b"), &work.join("b.log")).await?;
    {
        let _nginx = start_nginx(work, lb_port, &[port_a, port_b])?;
        load::wait_until_healthy(&lb).await?;
        rows.push((
            "two nodes, behind nginx",
            measure_all(&lb, &inputs, seconds).await?,
        ));
    }
    report(&rows);
    Ok(())
}

/// Drops and creates the benchmark's database; answers its URL.
async fn fresh_database(admin: &str) -> Result<String, String> {
    let db = backbeat::db::Db::connect(admin)
        .await
        .map_err(|e| e.to_string())?;
    if let backbeat::db::Db::Postgres(pool) = &db {
        for sql in [
            format!("DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"),
            format!("CREATE DATABASE {DATABASE}"),
        ] {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .execute(pool)
                .await
                .map_err(|e| e.to_string())?;
        }
    } else {
        return Err("TEST_DATABASE_URL must be a postgres:// URL".into());
    }
    db.close().await;
    let (base, _) = admin.rsplit_once('/').unwrap_or((admin, ""));
    Ok(format!("{base}/{DATABASE}"))
}

/// What the clients ask for: their sessions, some title words, signed stream URLs and sizes,
/// tracks to play.
struct Inputs {
    tokens: Vec<String>,
    words: Vec<String>,
    streams: Vec<(String, u64)>,
    tracks: Vec<String>,
}

impl Inputs {
    async fn load(base: &str, url: &str) -> Result<Self, String> {
        let client = reqwest::Client::new();
        let tokens = load::sign_in_scale_listeners(base, CLIENTS).await?;
        let db = backbeat::db::Db::connect(url)
            .await
            .map_err(|e| e.to_string())?;
        let rows: Vec<(String, String)> = backbeat::on_db!(&db, pool => sqlx::query_as(
            "SELECT id, title_lower FROM tracks WHERE status = 'ready' ORDER BY plays DESC, id LIMIT 200")
            .fetch_all(pool).await)
        .map_err(|e| e.to_string())?;
        db.close().await;
        let tracks: Vec<String> = rows.iter().map(|(id, _)| id.clone()).collect();
        let mut words: Vec<String> = rows
            .iter()
            .filter_map(|(_, title)| {
                title
                    .split_whitespace()
                    .max_by_key(|w| w.len())
                    .map(str::to_owned)
            })
            .collect();
        words.sort();
        words.dedup();
        words.truncate(20);
        let mut streams = Vec::new();
        for id in tracks.iter().take(50) {
            let signed = load::json(
                client
                    .get(format!("{base}/api/v1/tracks/{id}/stream-url"))
                    .bearer_auth(&tokens[0]),
            )
            .await?;
            let path = signed["url"]
                .as_str()
                .ok_or(format!("no stream URL: {signed}"))?
                .to_owned();
            let head = client
                .head(format!("{base}{path}"))
                .send()
                .await
                .map_err(|e| e.to_string())?;
            // The header itself: reqwest's content_length() is the (empty) body's for HEAD.
            let size = head
                .headers()
                .get("content-length")
                .and_then(|v| v.to_str().ok()?.parse::<u64>().ok())
                .unwrap_or(0);
            if size > RANGE {
                streams.push((path, size));
            }
        }
        if tracks.is_empty() || words.is_empty() || streams.is_empty() {
            return Err("the catalogue has no ready track to ask for".into());
        }
        Ok(Self {
            tokens,
            words,
            streams,
            tracks,
        })
    }
}

/// Measures the four endpoints at `base`, in turn.
async fn measure_all(
    base: &str,
    inputs: &Inputs,
    seconds: u64,
) -> Result<Vec<load::Measured>, String> {
    let client = reqwest::Client::new();
    let tokens = Arc::new(inputs.tokens.clone());
    let words = Arc::new(inputs.words.clone());
    let streams = Arc::new(inputs.streams.clone());
    let tracks = Arc::new(inputs.tracks.clone());
    let base = base.to_owned();
    let browse: load::Request = {
        let (client, base, tokens) = (client.clone(), base.clone(), tokens.clone());
        Arc::new(move |c, _| {
            let request = client
                .get(format!("{base}/api/v1/tracks"))
                .bearer_auth(&tokens[c]);
            Box::pin(async move { load::succeeded(request.send().await).await })
        })
    };
    let search: load::Request = {
        let (client, base, tokens) = (client.clone(), base.clone(), tokens.clone());
        Arc::new(move |c, i| {
            let word = &words[(c + i * CLIENTS) % words.len()];
            let q: String = url::form_urlencoded::byte_serialize(word.as_bytes()).collect();
            let request = client
                .get(format!("{base}/api/v1/tracks?q={q}"))
                .bearer_auth(&tokens[c]);
            Box::pin(async move { load::succeeded(request.send().await).await })
        })
    };
    let stream: load::Request = {
        let (client, base) = (client.clone(), base.clone());
        Arc::new(move |c, i| {
            let (path, size) = &streams[(c + i * CLIENTS) % streams.len()];
            // A spread of offsets that differs per request, without a random number generator.
            let start = ((c as u64 + 1) * 7_919 + i as u64 * 104_729) * 4_096 % (size - RANGE);
            let request = client
                .get(format!("{base}{path}"))
                .header("range", format!("bytes={start}-{}", start + RANGE - 1));
            Box::pin(async move { load::succeeded(request.send().await).await })
        })
    };
    let plays: load::Request = {
        let (client, base) = (client.clone(), base.clone());
        Arc::new(move |c, i| {
            let track = &tracks[(c * 13 + i) % tracks.len()];
            let request = client
                .post(format!("{base}/api/v1/tracks/{track}/plays"))
                .bearer_auth(&tokens[c]);
            Box::pin(async move { load::succeeded(request.send().await).await })
        })
    };
    let mut measured = Vec::new();
    for request in [browse, search, stream, plays] {
        load::measure(CLIENTS, 1, request.clone()).await;
        measured.push(load::measure(CLIENTS, seconds, request).await);
    }
    Ok(measured)
}

const ENDPOINTS: [&str; 4] = ["browse", "search", "stream (64 KiB ranges)", "plays"];

fn report(rows: &[(&str, Vec<load::Measured>)]) {
    println!();
    println!("| endpoint | set-up | requests/s | p50 | p99 | errors |");
    println!("|---|---|---|---|---|---|");
    for (e, endpoint) in ENDPOINTS.iter().enumerate() {
        for (setup, measured) in rows {
            let m = &measured[e];
            println!(
                "| {endpoint} | {setup} | {:.0} | {:.2} ms | {:.2} ms | {} of {} |",
                m.per_second, m.p50_ms, m.p99_ms, m.errors, m.requests
            );
        }
    }
    println!();
    println!("| endpoint | two nodes / one node behind nginx: requests/s | p99 |");
    println!("|---|---|---|");
    let (Some(one), Some(two)) = (rows.get(1), rows.get(2)) else {
        return;
    };
    for (e, endpoint) in ENDPOINTS.iter().enumerate() {
        println!(
            "| {endpoint} | {:.2}x | {:.2}x |",
            two.1[e].per_second / one.1[e].per_second.max(f64::MIN_POSITIVE),
            two.1[e].p99_ms / one.1[e].p99_ms.max(f64::MIN_POSITIVE)
        );
    }
}

/// nginx, told to stop when dropped (and killed if it does not).
struct Nginx {
    _process: load::Server,
    conf: std::path::PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new(NGINX)
            .arg("-c")
            .arg(&self.conf)
            .args(["-s", "stop"])
            .status();
    }
}

/// nginx on `port` balancing round robin over the nodes on `upstreams`, as docs/OPERATIONS.md's
/// example configures it (without TLS).
fn start_nginx(work: &Path, port: u16, upstreams: &[u16]) -> Result<Nginx, String> {
    let conf = work.join(format!("nginx-{}.conf", upstreams.len()));
    let w = work.display();
    let servers: String = upstreams
        .iter()
        .map(|p| format!("    server 127.0.0.1:{p};\n"))
        .collect();
    std::fs::write(
        &conf,
        format!(
            "worker_processes auto;\n\
             daemon off;\n\
             pid {w}/nginx.pid;\n\
             error_log {w}/nginx-error.log warn;\n\
             events {{ worker_connections 4096; }}\n\
             http {{\n\
               access_log off;\n\
               client_body_temp_path {w}/nginx-body;\n\
               proxy_temp_path {w}/nginx-proxy;\n\
               fastcgi_temp_path {w}/nginx-fastcgi;\n\
               uwsgi_temp_path {w}/nginx-uwsgi;\n\
               scgi_temp_path {w}/nginx-scgi;\n\
               upstream backbeat {{\n{servers}    keepalive 64;\n    keepalive_timeout 5s;\n  }}\n\
               server {{\n\
                 listen 127.0.0.1:{port};\n\
                 client_max_body_size 60m;\n\
                 location / {{\n\
                   proxy_pass http://backbeat;\n\
                   proxy_http_version 1.1;\n\
                   proxy_set_header Connection \"\";\n\
                   proxy_set_header Host $host;\n\
                   proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n\
                   proxy_buffering off;\n\
                   proxy_read_timeout 1h;\n\
                 }}\n\
               }}\n\
             }}\n"
        ),
    )
    .map_err(|e| e.to_string())?;
    let child = Command::new(NGINX)
        .arg("-c")
        .arg(&conf)
        .arg("-p")
        .arg(work)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start nginx: {e}"))?;
    Ok(Nginx {
        _process: load::Server(child),
        conf,
    })
}
