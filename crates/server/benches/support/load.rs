//! What the load benchmarks share (`benches/catalog.rs`, `benches/cluster.rs`,
//! `benches/stream.rs`): `backbeat serve` as a child process killed when dropped, a request's
//! JSON answer, and a closed-loop load of N clients for some seconds, measured as requests per
//! second and latency percentiles. Each benchmark uses a part of it.
#![allow(dead_code)]

use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server process, killed when dropped.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A port nothing listens on now.
pub fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .map_err(|e| e.to_string())
}

/// Starts `backbeat serve` on `127.0.0.1:port` with `vars`, logging to `log`, and waits until
/// it answers `/healthz`.
pub async fn serve(
    binary: &Path,
    port: u16,
    vars: &[(&str, String)],
    log: &Path,
) -> Result<Server, String> {
    let log_file = std::fs::File::create(log).map_err(|e| e.to_string())?;
    let server = Server(
        Command::new(binary)
            .arg("serve")
            .env("BACKBEAT_ADDR", format!("127.0.0.1:{port}"))
            .env("RUST_LOG", "warn")
            .envs(vars.iter().map(|(name, value)| (*name, value.as_str())))
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .map_err(|e| e.to_string())?,
    );
    wait_until_healthy(&format!("http://127.0.0.1:{port}")).await?;
    Ok(server)
}

/// Waits until `base` answers `/healthz` (two minutes at most: a big catalogue opens slowly).
pub async fn wait_until_healthy(base: &str) -> Result<(), String> {
    let client = reqwest::Client::new();
    let started = Instant::now();
    while client.get(format!("{base}/healthz")).send().await.is_err() {
        if started.elapsed() > Duration::from_secs(120) {
            return Err(format!("{base} did not come up"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(())
}

#[derive(Default)]
pub struct Measured {
    pub requests: usize,
    pub errors: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub per_second: f64,
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// One request of client `c` (0-based), its `i`-th: true when it succeeded (its whole body
/// read).
pub type Request =
    Arc<dyn Fn(usize, usize) -> Pin<Box<dyn Future<Output = bool> + Send>> + Send + Sync>;

/// Runs `clients` clients for `seconds`, each sending its next request as soon as the last one
/// is answered, and measures them all together.
pub async fn measure(clients: usize, seconds: u64, request: Request) -> Measured {
    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..clients {
        let request = request.clone();
        tasks.push(tokio::spawn(async move {
            let (mut times, mut errors, mut i) = (Vec::new(), 0, 0);
            while Instant::now() < until {
                let at = Instant::now();
                let ok = request(c, i).await;
                times.push(at.elapsed().as_secs_f64() * 1000.0);
                errors += usize::from(!ok);
                i += 1;
            }
            (times, errors)
        }));
    }
    let mut times = Vec::new();
    let mut errors = 0;
    for task in tasks {
        if let Ok((t, e)) = task.await {
            times.extend(t);
            errors += e;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    Measured {
        requests: times.len(),
        errors,
        p50_ms: percentile(&times, 0.5),
        p99_ms: percentile(&times, 0.99),
        per_second: times.len() as f64 / elapsed,
    }
}

/// The JSON body of the answer to `request` (whatever its status: the caller reads the fields
/// it needs and reports the body when one is missing).
pub async fn json(request: reqwest::RequestBuilder) -> Result<serde_json::Value, String> {
    let response = request.send().await.map_err(|e| e.to_string())?;
    response.json().await.map_err(|e| e.to_string())
}

/// Whether a response succeeded, its body read to the end.
pub async fn succeeded(response: reqwest::Result<reqwest::Response>) -> bool {
    match response {
        Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
        Err(_) => false,
    }
}

/// Whether a Subsonic answer (`f=json`) succeeded: Subsonic answers its errors with HTTP 200 too,
/// so the envelope's `status` must be "ok".
pub async fn subsonic_ok(response: reqwest::Result<reqwest::Response>) -> bool {
    subsonic_json(response).await.is_some()
}

/// The `subsonic-response` of a Subsonic answer (`f=json`) when its status is "ok".
pub async fn subsonic_json(
    response: reqwest::Result<reqwest::Response>,
) -> Option<serde_json::Value> {
    let response = response.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let mut body: serde_json::Value = response.json().await.ok()?;
    let envelope = body.get_mut("subsonic-response")?.take();
    (envelope["status"] == "ok").then_some(envelope)
}

/// An app password (`POST /api/v1/me/app-passwords`) named `name` for each signed-in listener
/// of `tokens`, as Subsonic apps sign in with; the listener's earlier ones of that name are
/// revoked first (an account holds at most 25).
pub async fn app_passwords(
    base: &str,
    tokens: &[String],
    name: &str,
) -> Result<Vec<String>, String> {
    let client = reqwest::Client::new();
    let mut passwords = Vec::new();
    for token in tokens {
        let listed = json(
            client
                .get(format!("{base}/api/v1/me/app-passwords"))
                .bearer_auth(token),
        )
        .await?;
        let earlier = listed["items"]
            .as_array()
            .ok_or(format!("no app passwords: {listed}"))?;
        for old in earlier.iter().filter(|p| p["name"] == name) {
            let id = old["id"].as_str().ok_or(format!("no id: {old}"))?;
            client
                .delete(format!("{base}/api/v1/me/app-passwords/{id}"))
                .bearer_auth(token)
                .send()
                .await
                .map_err(|e| e.to_string())?;
        }
        let created = json(
            client
                .post(format!("{base}/api/v1/me/app-passwords"))
                .bearer_auth(token)
                .json(&serde_json::json!({ "name": name })),
        )
        .await?;
        let password = created["password"]
            .as_str()
            .ok_or(format!("no app password: {created}"))?;
        passwords.push(password.to_owned());
    }
    Ok(passwords)
}

/// Access tokens of the generated listeners 1..=`count` (`backbeat seed-scale`), signed in at
/// `base` with their password.
pub async fn sign_in_scale_listeners(base: &str, count: usize) -> Result<Vec<String>, String> {
    use backbeat::demo::scale::{LISTENER_PASSWORD, listener_email};
    let client = reqwest::Client::new();
    let mut tokens = Vec::new();
    for n in 1..=count {
        let session = json(
            client
                .post(format!("{base}/auth/v1/token?grant_type=password"))
                .json(&serde_json::json!({ "email": listener_email(n), "password": LISTENER_PASSWORD })),
        )
        .await?;
        let token = session["access_token"]
            .as_str()
            .ok_or(format!("no session: {session}"))?;
        tokens.push(token.to_owned());
    }
    Ok(tokens)
}
