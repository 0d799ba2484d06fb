//! Starts the real app on a random port against a fresh database.
//!
//! The backend is chosen by `BACKBEAT_TEST_BACKEND` (`sqlite`, the default, or `postgres`).
//! PostgreSQL needs `TEST_DATABASE_URL` (a server and a database to connect to for
//! administration); every test app gets its own freshly created database, dropped afterwards.

use backbeat::app::App;
use backbeat::config::Config;
use backbeat::db::Db;
use tempfile::TempDir;
use tokio::sync::oneshot;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: Db,
    pub auth: std::sync::Arc<backbeat::auth::AuthService>,
    pub data_dir: std::path::PathBuf,
    config: Config,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    postgres: Option<PostgresDatabase>,
    _dirs: Vec<TempDir>,
}

/// The name of the backend this test run uses.
pub fn backend() -> &'static str {
    match std::env::var("BACKBEAT_TEST_BACKEND").as_deref() {
        Ok("postgres") => "postgres",
        Ok("sqlite") | Err(_) => "sqlite",
        Ok(other) => panic!("BACKBEAT_TEST_BACKEND must be sqlite or postgres, not {other:?}"),
    }
}

/// The admin URL of the PostgreSQL test server: required when the backend is postgres or when
/// running in CI, optional otherwise (the caller skips).
pub fn postgres_admin_url() -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if backend() == "postgres" || std::env::var("CI").as_deref() == Ok("true") => {
            panic!(
                "TEST_DATABASE_URL is not set: PostgreSQL tests cannot run (CI must not skip them)"
            )
        }
        _ => None,
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Spawns the app after `customize` adjusted its configuration.
pub async fn spawn_app_with(customize: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_on(backend(), customize).await
}

/// Spawns the app on the named backend, whatever this run's default is.
pub async fn spawn_app_on(backend: &str, customize: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let web_dir = fake_web_build();
    let postgres = match backend {
        "postgres" => Some(PostgresDatabase::create().await),
        _ => None,
    };
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.path().to_owned(),
        web_dir: Some(web_dir.path().to_owned()),
        database_url: postgres.as_ref().map(|pg| pg.url.clone()),
        ..Config::default()
    };
    customize(&mut config);
    start(config, postgres, vec![data_dir, web_dir]).await
}

async fn start(config: Config, postgres: Option<PostgresDatabase>, dirs: Vec<TempDir>) -> TestApp {
    let app = App::build(config.clone()).await.expect("app builds");
    let address = format!("http://{}", app.local_addr());
    let db = app.state().db.clone();
    let auth = app.state().auth.clone();
    let (shutdown, stop) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stop.await;
    }));

    TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        db,
        auth,
        data_dir: config.data_dir.clone(),
        config,
        shutdown: Some(shutdown),
        server: Some(server),
        postgres,
        _dirs: dirs,
    }
}

impl TestApp {
    /// Stops the app (as a shutdown would), then starts it again on the same database and
    /// data directory after `customize` adjusted its configuration.
    pub async fn restart(mut self, customize: impl FnOnce(&mut Config)) -> TestApp {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(server) = self.server.take() {
            server
                .await
                .expect("the server task ends")
                .expect("the server stops cleanly");
        }
        let mut config = self.config.clone();
        customize(&mut config);
        let postgres = self.postgres.take();
        let dirs = std::mem::take(&mut self._dirs);
        start(config, postgres, dirs).await
    }

    /// A second instance of the app on the same database and data directory, as a second node
    /// behind a load balancer would run. The first one owns the database and the directories.
    pub async fn spawn_peer(&self) -> TestApp {
        start(self.config.clone(), None, Vec::new()).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// A request to `/auth/v1` as auth-js sends it (with the API version header).
    pub fn auth(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, self.url(&format!("/auth/v1{path}")))
            .header("apikey", "anon")
            .header("x-supabase-api-version", "2024-01-01")
            .header("content-type", "application/json")
    }

    /// Signs up and returns the session JSON.
    pub async fn sign_up(&self, email: &str, password: &str, name: &str) -> serde_json::Value {
        let response = self
            .auth(reqwest::Method::POST, "/signup")
            .json(&serde_json::json!({ "email": email, "password": password, "data": { "name": name } }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-up of {email}");
        response.json().await.unwrap()
    }

    /// Signs in with a password and returns the session JSON.
    pub async fn sign_in(&self, email: &str, password: &str) -> serde_json::Value {
        let response = self
            .auth(reqwest::Method::POST, "/token?grant_type=password")
            .json(&serde_json::json!({ "email": email, "password": password }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-in of {email}");
        response.json().await.unwrap()
    }

    /// A new user; returns (user id, access token).
    pub async fn user(&self, name: &str) -> (String, String) {
        let email = format!(
            "{}-{}@example.com",
            name.to_lowercase().replace(' ', "."),
            uuid::Uuid::now_v7().simple()
        );
        let session = self.sign_up(&email, "correct horse battery", name).await;
        (
            session["user"]["id"].as_str().unwrap().to_owned(),
            session["access_token"].as_str().unwrap().to_owned(),
        )
    }

    /// The text of the newest mail written to the mail folder.
    pub fn last_mail(&self) -> String {
        let dir = self.data_dir.join("mail");
        let newest = std::fs::read_dir(&dir)
            .expect("mail folder")
            .filter_map(Result::ok)
            .max_by_key(|e| e.metadata().and_then(|m| m.modified()).ok())
            .expect("a mail was written");
        // Long lines arrive quoted-printable: undo soft line breaks and `=3D`.
        std::fs::read_to_string(newest.path())
            .unwrap()
            .replace("=\r\n", "")
            .replace("=3D", "=")
    }
}

/// The value of `name=` in the first link of a mail.
pub fn link_param(mail: &str, name: &str) -> String {
    let start = mail
        .find(&format!("{name}="))
        .unwrap_or_else(|| panic!("no {name} in {mail}"))
        + name.len()
        + 1;
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(server) = self.server.take() {
            server.abort();
        }
        if let Some(pg) = self.postgres.take() {
            pg.drop_database();
        }
    }
}

/// A stand-in for `web/dist`: an index page and one hashed asset.
fn fake_web_build() -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("assets")).unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><html><head><title>Backbeat</title></head><body><div id=\"root\"></div>\
         <script type=\"module\" src=\"/assets/index-3f9a1c2b.js\"></script></body></html>",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("assets/index-3f9a1c2b.js"),
        format!("console.log({:?});", "Backbeat ".repeat(200)),
    )
    .unwrap();
    dir
}

/// A database created for one test app on the PostgreSQL test server.
struct PostgresDatabase {
    admin_url: String,
    name: String,
    url: String,
}

impl PostgresDatabase {
    async fn create() -> Self {
        let admin_url = postgres_admin_url().expect("checked by postgres_admin_url");
        let name = format!("backbeat_test_{}", uuid::Uuid::now_v7().simple());
        let admin = Db::connect(&admin_url)
            .await
            .expect("connect to TEST_DATABASE_URL");
        let Db::Postgres(pool) = &admin else {
            panic!("TEST_DATABASE_URL must be a postgres:// URL")
        };
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
            .execute(pool)
            .await
            .expect("create test database");
        admin.close().await;
        let url = replace_database(&admin_url, &name);
        Self {
            admin_url,
            name,
            url,
        }
    }

    /// Drops the database from a thread of its own: `Drop` cannot await.
    fn drop_database(self) {
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                if let Ok(Db::Postgres(pool)) = Db::connect(&self.admin_url).await {
                    let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
                    let _ = sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&pool).await;
                    pool.close().await;
                }
            });
        })
        .join()
        .expect("drop test database");
    }
}

/// `postgres://host/admin?x=y` with the database name replaced.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{}", &base[..host_end], name);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// Asserts that a response is the API's JSON error with this status and code.
pub async fn assert_api_error(response: reqwest::Response, status: u16, code: &str) -> String {
    assert_eq!(response.status().as_u16(), status, "status");
    let body: serde_json::Value = response.json().await.expect("JSON error body");
    assert_eq!(body["code"], code, "code in {body}");
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {body}"))
        .to_owned()
}
