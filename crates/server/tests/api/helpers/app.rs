//! The app under test: the real server on a random port against a fresh database, and what
//! it stored.
//!
//! The backend is chosen by `BACKBEAT_TEST_BACKEND` (`sqlite`, the default, or `postgres`).
//! PostgreSQL needs `TEST_DATABASE_URL` (a server and a database to connect to for
//! administration); every test app gets its own freshly created database, dropped afterwards.

use std::path::{Path, PathBuf};

use backbeat::app::App;
use backbeat::config::Config;
use backbeat::config::PasswordCost;
use backbeat::db::Db;
use tempfile::TempDir;
use tokio::sync::oneshot;

use super::postgres::PostgresDatabase;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: Db,
    pub auth: std::sync::Arc<backbeat::auth::AuthService>,
    /// The app's media storage (a folder of the data directory, or S3).
    pub media: backbeat::media::MediaStore,
    pub data_dir: std::path::PathBuf,
    /// Where `/metrics` is served on its own, when configured.
    pub metrics_addr: Option<std::net::SocketAddr>,
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
        "postgres" => Some(
            PostgresDatabase::create(postgres_admin_url().expect("checked by postgres_admin_url"))
                .await,
        ),
        _ => None,
    };
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.path().to_owned(),
        web_dir: Some(web_dir.path().to_owned()),
        database_url: postgres.as_ref().map(|pg| pg.url.clone()),
        ..Config::default()
    };
    // Tests sign up many users: hashing at production cost would be most of their time.
    config.auth.password_cost = PasswordCost::CHEAP_FOR_TESTS;
    // Tests play several tracks in a row, far faster than anyone listens: the rule that counted
    // plays are time apart is off unless a test is about it (plays.rs turns it on).
    config.min_secs_between_counted_plays = 0;
    customize(&mut config);
    start(config, postgres, vec![data_dir, web_dir]).await
}

async fn start(config: Config, postgres: Option<PostgresDatabase>, dirs: Vec<TempDir>) -> TestApp {
    try_start(config, postgres, dirs).await.expect("app builds")
}

async fn try_start(
    config: Config,
    postgres: Option<PostgresDatabase>,
    dirs: Vec<TempDir>,
) -> anyhow::Result<TestApp> {
    let app = App::build(config.clone()).await?;
    let address = format!("http://{}", app.local_addr());
    let metrics_addr = app.metrics_addr();
    let db = app.state().db.clone();
    let auth = app.state().auth.clone();
    let media = app.state().media.clone();
    let (shutdown, stop) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stop.await;
    }));

    // Already installed by the app; a client built before any app needs it too.
    backbeat::net::use_ring_for_tls();
    Ok(TestApp {
        address,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        db,
        auth,
        media,
        data_dir: config.data_dir.clone(),
        metrics_addr,
        config,
        shutdown: Some(shutdown),
        server: Some(server),
        postgres,
        _dirs: dirs,
    })
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
        self.spawn_peer_with(|_| {}).await
    }

    /// [`TestApp::spawn_peer`] after `customize` adjusted the peer's configuration (what runs
    /// on it: `config.automix.concurrency = 0` leaves the separations to this one).
    pub async fn spawn_peer_with(&self, customize: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = self.config.clone();
        customize(&mut config);
        start(config, None, Vec::new()).await
    }

    /// Another node on the same database, as another machine behind the load balancer runs
    /// it: a data folder of its own (so keys of its own unless `customize` gives it the
    /// first app's), the same media storage (the first app's media folder, linked), and the
    /// first app's settings after `customize` adjusted them. Fails as the node's start fails.
    pub async fn try_spawn_node(
        &self,
        customize: impl FnOnce(&mut Config),
    ) -> anyhow::Result<TestApp> {
        let data_dir = tempfile::tempdir()?;
        std::fs::create_dir_all(self.data_dir.join("media"))?;
        std::os::unix::fs::symlink(self.data_dir.join("media"), data_dir.path().join("media"))?;
        let mut config = self.config.clone();
        config.data_dir = data_dir.path().to_owned();
        config.database_url = Some(self.database_url());
        customize(&mut config);
        try_start(config, None, vec![data_dir]).await
    }

    /// This app as reached at `address`: another process serving the same database (a node
    /// started by [`super::node::Node::serving`]), with this app's database handle for what the
    /// test reads. Dropping it stops nothing.
    pub fn at(&self, address: &str) -> TestApp {
        TestApp {
            address: address.to_owned(),
            client: self.client.clone(),
            db: self.db.clone(),
            auth: self.auth.clone(),
            data_dir: self.data_dir.clone(),
            media: self.media.clone(),
            metrics_addr: None,
            config: self.config.clone(),
            shutdown: None,
            server: None,
            postgres: None,
            _dirs: Vec::new(),
        }
    }

    /// The database URL the app runs on, for the command line to work on the same one.
    pub fn database_url(&self) -> String {
        self.config.database_url()
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

/// A number the app stored, by a query with no parameters (`SELECT COUNT(*) FROM jobs`).
pub async fn count(app: &TestApp, sql: &'static str) -> i64 {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap())
}

/// A number the app stored about one row, by a query of one parameter.
pub async fn scalar(app: &TestApp, sql: &'static str, id: &str) -> i64 {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(sql).bind(id).fetch_one(pool).await.unwrap())
}

/// Every file under `dir` (none when it does not exist).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}
