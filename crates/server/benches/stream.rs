//! Streaming benchmark (`make bench-stream`): random 64 KiB `Range` requests for one track over
//! 256 connections for 15 s, against the release `backbeat` binary (a signed stream URL) and
//! against Debian's nginx serving the same rendition file on the same machine, in the same run.
//!
//! nginx runs twice: with `sendfile on; tcp_nopush on` as in Debian's stock `nginx.conf`, and
//! with `tcp_nopush off` (nginx's own default). On loopback the first stalls about 40 ms on
//! every keep-alive response (the delayed ACK), so the target ratio is taken against the faster
//! of the two. Backbeat runs with `RUST_LOG=warn` and nginx with `access_log off`, so neither
//! writes a line per request. All answer from the page cache after a warm-up. The report gives
//! requests per second, throughput and p50/p99 latency, and the ratio backbeat/nginx.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use backbeat::audio::synth;
use backbeat::db::Db;
use serde_json::json;

#[path = "support/load.rs"]
mod load;

const RANGE_BYTES: u64 = 64 * 1024;
const CONNECTIONS: u32 = 256;
const THREADS: u32 = 2;
const SECONDS: u32 = 15;
const WARM_UP_SECONDS: u32 = 3;
/// Length of the benchmark track: a 4-minute song is about 3.8 MB at 128 kbps.
const TRACK_SECONDS: f32 = 240.0;

fn main() -> ExitCode {
    match tokio::runtime::Runtime::new()
        .map_err(|e| e.to_string())
        .and_then(|runtime| runtime.block_on(run()))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-stream: {message}");
            ExitCode::FAILURE
        }
    }
}

/// nginx, told to stop when dropped, so that its master takes its workers along (killing the
/// master would orphan them).
struct Nginx {
    child: Child,
    conf: PathBuf,
    prefix: PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new("/usr/sbin/nginx")
            .arg("-c")
            .arg(&self.conf)
            .arg("-p")
            .arg(&self.prefix)
            .args(["-s", "stop"])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.wait();
    }
}

struct Measurement {
    requests: u64,
    bytes: u64,
    seconds: f64,
    p50_ms: f64,
    p99_ms: f64,
    errors: u64,
}

impl Measurement {
    fn per_second(&self) -> f64 {
        self.requests as f64 / self.seconds
    }

    fn mib_per_second(&self) -> f64 {
        self.bytes as f64 / self.seconds / (1024.0 * 1024.0)
    }
}

async fn run() -> Result<(), String> {
    let binary = std::env::var("BACKBEAT_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("target/release/backbeat"));
    if !binary.is_file() {
        return Err(format!(
            "{} is missing: build it first (make bench-stream does)",
            binary.display()
        ));
    }
    for tool in ["/usr/sbin/nginx", "/usr/bin/wrk"] {
        if !Path::new(tool).is_file() {
            return Err(format!("{tool} is missing (apt-get install nginx wrk)"));
        }
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let work = dir.path();
    // nginx workers may run as another user: they must reach the file.
    set_mode(work, 0o755)?;

    println!(
        "== Streaming benchmark: {CONNECTIONS} connections, {THREADS} wrk threads, {SECONDS} s, random {} KiB ranges ==",
        RANGE_BYTES / 1024
    );
    println!(
        "machine: {} CPUs",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );

    // Before the first HTTP client is built (load::serve builds one to wait for the server).
    backbeat::net::use_ring_for_tls();
    let data_dir = work.join("data");
    let port = load::free_port()?;
    let base = format!("http://127.0.0.1:{port}");
    let _backbeat = load::serve(
        &binary,
        port,
        &[("BACKBEAT_DATA_DIR", data_dir.display().to_string())],
        &work.join("backbeat.log"),
    )
    .await?;
    let client = reqwest::Client::new();

    let (stream_path, rendition) = upload_track(&client, &base, work, &data_dir).await?;
    let size = std::fs::metadata(&rendition)
        .map_err(|e| e.to_string())?
        .len();
    println!("track: {TRACK_SECONDS} s, standard rendition {size} bytes");

    let www = work.join("www");
    std::fs::create_dir(&www).map_err(|e| e.to_string())?;
    set_mode(&www, 0o755)?;
    std::fs::copy(&rendition, www.join("track.mp3")).map_err(|e| e.to_string())?;
    let backbeat = measure(work, "backbeat", &base, &stream_path, size)?;
    let mut nginx = Vec::new();
    for (label, tcp_nopush) in [
        ("nginx, Debian's config (tcp_nopush on)", true),
        ("nginx, tcp_nopush off", false),
    ] {
        let port = load::free_port()?;
        let server = start_nginx(work, &www, port, tcp_nopush)?;
        let nginx_base = format!("http://127.0.0.1:{port}");
        load::wait_until_healthy(&nginx_base).await?;
        check_same_bytes(
            &client,
            &format!("{base}{stream_path}"),
            &format!("{nginx_base}/track.mp3"),
        )
        .await?;
        let name = if tcp_nopush { "nginx-nopush" } else { "nginx" };
        nginx.push((label, measure(work, name, &nginx_base, "/track.mp3", size)?));
        drop(server);
    }

    println!();
    println!("| server | requests/s | throughput | p50 latency | p99 latency | errors |");
    println!("|---|---|---|---|---|---|");
    let rows = std::iter::once(("backbeat", &backbeat)).chain(nginx.iter().map(|(l, m)| (*l, m)));
    for (name, m) in rows {
        println!(
            "| {name} | {:.0} | {:.1} MiB/s | {:.2} ms | {:.2} ms | {} |",
            m.per_second(),
            m.mib_per_second(),
            m.p50_ms,
            m.p99_ms,
            m.errors
        );
    }
    let (best_label, best) = nginx
        .iter()
        .max_by(|a, b| a.1.per_second().total_cmp(&b.1.per_second()))
        .ok_or("no nginx run")?;
    println!();
    println!(
        "ratio backbeat / {best_label}: {:.2}x requests/s, {:.2}x throughput, p99 {:.2}x \
         (target: at least 0.8x)",
        backbeat.per_second() / best.per_second(),
        backbeat.mib_per_second() / best.mib_per_second(),
        backbeat.p99_ms / best.p99_ms,
    );
    if backbeat.errors + nginx.iter().map(|(_, m)| m.errors).sum::<u64>() > 0 {
        return Err("some requests failed".into());
    }
    Ok(())
}

fn set_mode(path: &Path, mode: u32) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| e.to_string())
}

/// Signs up, uploads a generated track, waits until it is ready; answers its signed stream
/// path and the rendition file that path serves.
async fn upload_track(
    client: &reqwest::Client,
    base: &str,
    work: &Path,
    data_dir: &Path,
) -> Result<(String, PathBuf), String> {
    let session = load::json(
client
        .post(format!("{base}/auth/v1/signup"))
        .json(&json!({ "email": "bench@example.com", "password": "correct horse battery", "data": { "name": "Bench" } })),
).await?;
    let token = session["access_token"]
        .as_str()
        .ok_or(format!("no session: {session}"))?
        .to_owned();

    let audio = work.join("bench.mp3");
    synth::write_mp3(&audio, TRACK_SECONDS, 44_100, 2, 320, synth::phrase())
        .map_err(|e| e.to_string())?;
    let boundary = "bench-stream-boundary";
    let mut body = Vec::new();
    write!(body, "--{boundary}\r\nContent-Disposition: form-data; name=\"audio\"; filename=\"bench.mp3\"\r\nContent-Type: audio/mpeg\r\n\r\n").map_err(|e| e.to_string())?;
    body.extend(std::fs::read(&audio).map_err(|e| e.to_string())?);
    for (name, value) in [("title", "Bench"), ("artist", "Bench")] {
        write!(
            body,
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}"
        )
        .map_err(|e| e.to_string())?;
    }
    write!(body, "\r\n--{boundary}--\r\n").map_err(|e| e.to_string())?;
    let track = load::json(
        client
            .post(format!("{base}/api/v1/tracks"))
            .bearer_auth(&token)
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(body),
    )
    .await?;
    let id = track["id"]
        .as_str()
        .ok_or(format!("upload refused: {track}"))?
        .to_owned();

    let started = Instant::now();
    loop {
        let detail = load::json(
            client
                .get(format!("{base}/api/v1/tracks/{id}"))
                .bearer_auth(&token),
        )
        .await?;
        match detail["status"].as_str() {
            Some("ready") => break,
            Some("processing") if started.elapsed() < Duration::from_secs(300) => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            _ => return Err(format!("processing did not succeed: {detail}")),
        }
    }
    let signed = load::json(
        client
            .get(format!("{base}/api/v1/tracks/{id}/stream-url"))
            .bearer_auth(&token),
    )
    .await?;
    let path = signed["url"]
        .as_str()
        .ok_or(format!("no stream URL: {signed}"))?
        .to_owned();

    let db = Db::connect(&format!(
        "sqlite://{}",
        data_dir.join("backbeat.db").display()
    ))
    .await
    .map_err(|e| e.to_string())?;
    let key: String = backbeat::on_db!(&db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = 'standard'")
        .bind(&id).fetch_one(pool).await)
    .map_err(|e| e.to_string())?;
    db.close().await;
    Ok((path, data_dir.join("media").join(key)))
}

fn start_nginx(work: &Path, www: &Path, port: u16, tcp_nopush: bool) -> Result<Nginx, String> {
    let conf = work.join(format!("nginx-{port}.conf"));
    let tcp_nopush = if tcp_nopush { "on" } else { "off" };
    let w = work.display();
    std::fs::write(
        &conf,
        format!(
            "worker_processes auto;\n\
             daemon off;\n\
             pid {w}/nginx-{port}.pid;\n\
             error_log {w}/nginx-error.log warn;\n\
             events {{ worker_connections 4096; }}\n\
             http {{\n\
               access_log off;\n\
               sendfile on;\n\
               tcp_nopush {tcp_nopush};\n\
               keepalive_requests 1000000;\n\
               client_body_temp_path {w}/nginx-body;\n\
               proxy_temp_path {w}/nginx-proxy;\n\
               fastcgi_temp_path {w}/nginx-fastcgi;\n\
               uwsgi_temp_path {w}/nginx-uwsgi;\n\
               scgi_temp_path {w}/nginx-scgi;\n\
               types {{ audio/mpeg mp3; }}\n\
               server {{\n\
                 listen 127.0.0.1:{port};\n\
                 root {www};\n\
                 location = /healthz {{ return 200 'ok'; }}\n\
               }}\n\
             }}\n",
            www = www.display()
        ),
    )
    .map_err(|e| e.to_string())?;
    let child = Command::new("/usr/sbin/nginx")
        .arg("-c")
        .arg(&conf)
        .arg("-p")
        .arg(work)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start nginx: {e}"))?;
    Ok(Nginx {
        child,
        conf,
        prefix: work.to_owned(),
    })
}

/// Both servers answer a range with the same bytes, 206 and a Content-Range.
async fn check_same_bytes(
    client: &reqwest::Client,
    backbeat: &str,
    nginx: &str,
) -> Result<(), String> {
    let mut bodies = Vec::new();
    for url in [backbeat, nginx] {
        let response = client
            .get(url)
            .header("range", "bytes=1000-66535")
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if response.status() != 206 {
            return Err(format!("{url} answered {}", response.status()));
        }
        bodies.push(response.bytes().await.map_err(|e| e.to_string())?);
    }
    if bodies[0] != bodies[1] {
        return Err("backbeat and nginx serve different bytes".into());
    }
    Ok(())
}

/// Runs wrk (a warm-up, then the measured run) and reads its summary.
fn measure(
    work: &Path,
    name: &str,
    base: &str,
    path: &str,
    size: u64,
) -> Result<Measurement, String> {
    let script = work.join(format!("{name}.lua"));
    std::fs::write(
        &script,
        format!(
            "local size = {size}\n\
             local chunk = {RANGE_BYTES}\n\
             local path = \"{path}\"\n\
             local thread_seed = 0\n\
             setup = function(thread)\n\
               thread_seed = thread_seed + 1\n\
               thread:set(\"seed\", thread_seed)\n\
             end\n\
             init = function()\n\
               math.randomseed(seed * 7919)\n\
             end\n\
             request = function()\n\
               local first = math.random(0, size - chunk)\n\
               return wrk.format(\"GET\", path, {{ [\"Range\"] = \"bytes=\" .. first .. \"-\" .. (first + chunk - 1) }})\n\
             end\n\
             done = function(summary, latency, requests)\n\
               local e = summary.errors\n\
               io.write(string.format(\"BENCH %d %d %d %d %d %d\\n\", summary.requests, summary.bytes,\n\
                 summary.duration, latency:percentile(50), latency:percentile(99),\n\
                 e.connect + e.read + e.write + e.timeout + e.status))\n\
             end\n"
        ),
    )
    .map_err(|e| e.to_string())?;
    let wrk = |seconds: u32| {
        Command::new("/usr/bin/wrk")
            .args([
                format!("-t{THREADS}"),
                format!("-c{CONNECTIONS}"),
                format!("-d{seconds}s"),
                "--timeout".into(),
                "10s".into(),
                "-s".into(),
                script.display().to_string(),
                format!("{base}/"),
            ])
            .output()
            .map_err(|e| format!("cannot run wrk: {e}"))
    };
    wrk(WARM_UP_SECONDS)?;
    let output = wrk(SECONDS)?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("BENCH "))
        .ok_or(format!(
            "wrk printed no summary: {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        ))?;
    let n: Vec<u64> = line
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    let [requests, bytes, micros, p50, p99, errors] = n[..] else {
        return Err(format!("unexpected wrk summary: {line}"));
    };
    Ok(Measurement {
        requests,
        bytes,
        seconds: micros as f64 / 1e6,
        p50_ms: p50 as f64 / 1000.0,
        p99_ms: p99 as f64 / 1000.0,
        errors,
    })
}
