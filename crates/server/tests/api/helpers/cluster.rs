//! A cluster as `docs/OPERATIONS.md` ("Several nodes") deploys one: `backbeat serve` processes
//! sharing one PostgreSQL database, one S3 bucket (on the loopback S3 server) and one set of keys,
//! each with a data directory of its own (scratch space only). A test app in this process owns the
//! database (created fresh, dropped afterwards) and the keys the nodes read from its keys folder;
//! it runs no jobs, so the nodes do all the work.

use backbeat::config::Config;
use tempfile::TempDir;

use super::app::{TestApp, backend, spawn_app_on};
use super::node::Node;
use super::s3::S3Server;

/// The prefix of the bucket the cluster's media live under.
pub const MEDIA_PREFIX: &str = "media";
/// A short lease, so that a killed node's job is taken over within seconds.
const LEASE_SECS: &str = "2";
/// Where users reach the cluster (the load balancer): every node issues and accepts tokens for
/// this issuer.
const PUBLIC_URL: &str = "http://backbeat.test";

/// The database, media storage and keys that every node of a test cluster shares.
pub struct Cluster {
    /// The app that owns the database and the keys; it serves requests but runs no jobs.
    pub owner: TestApp,
    pub s3: S3Server,
}

/// One node: the process, the app as reached at its address, its own data directory.
pub struct ClusterNode {
    pub name: String,
    pub app: TestApp,
    pub process: Node,
    _data_dir: TempDir,
}

impl Cluster {
    /// A fresh PostgreSQL database, an empty bucket, and the owner app on them; none in the
    /// SQLite pass of the suite (a cluster shares PostgreSQL: its tests run in the PostgreSQL
    /// pass, which CI always runs).
    pub async fn start() -> Option<Self> {
        if backend() != "postgres" {
            eprintln!("a cluster needs PostgreSQL: this test runs in the PostgreSQL pass");
            return None;
        }
        let s3 = S3Server::start();
        let owner = spawn_app_on("postgres", |config: &mut Config| {
            s3.configure(config, MEDIA_PREFIX);
            config.public_url = Some(PUBLIC_URL.into());
            config.job_workers = 0;
            config.automix.concurrency = 0;
        })
        .await;
        Some(Self { owner, s3 })
    }

    /// Starts the node `name` (its `BACKBEAT_NODE_ID`) with one job worker and waits until it
    /// is ready.
    pub async fn node(&self, name: &str) -> ClusterNode {
        let data_dir = tempfile::tempdir().expect("a data dir for the node");
        let keys = self.owner.data_dir.join("keys");
        let s3 = self.s3.env(MEDIA_PREFIX);
        let mut vars: Vec<(&str, &str)> = vec![
            ("BACKBEAT_NODE_ID", name),
            ("BACKBEAT_DATA_DIR", data_dir.path().to_str().unwrap()),
            ("BACKBEAT_KEYS_DIR", keys.to_str().unwrap()),
            ("BACKBEAT_PUBLIC_URL", PUBLIC_URL),
            ("BACKBEAT_JOB_LEASE_SECS", LEASE_SECS),
            ("BACKBEAT_JOB_WORKERS", "1"),
            ("RUST_LOG", "info"),
        ];
        vars.extend(s3.iter().map(|(name, value)| (*name, value.as_str())));
        let (process, app) = Node::serving(&self.owner, &vars).await;
        ClusterNode {
            name: name.to_owned(),
            app,
            process,
            _data_dir: data_dir,
        }
    }
}
