//! A second node as a process of its own: the built `backbeat serve` on a test app's database
//! and data folder (so its keys and media), as another machine behind the load balancer runs
//! it, and killed without warning (SIGKILL) as a machine that crashes is.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::app::TestApp;

const BIN: &str = env!("CARGO_BIN_EXE_backbeat");

pub struct Node {
    child: Child,
    /// What the node logged (kept to read when a test fails).
    log: tempfile::NamedTempFile,
}

impl Node {
    /// Starts `backbeat serve` on `app`'s database and data folder, on a port of its own, with
    /// `vars` set as well and no configuration file or SMTP server from the environment.
    pub fn start(app: &TestApp, vars: &[(&str, &str)]) -> Self {
        let log = tempfile::NamedTempFile::new().unwrap();
        let child = Command::new(BIN)
            .arg("serve")
            .env("BACKBEAT_DATA_DIR", &app.data_dir)
            .env("BACKBEAT_DATABASE_URL", app.database_url())
            .env("BACKBEAT_ADDR", "127.0.0.1:0")
            .env_remove("BACKBEAT_CONFIG")
            .env_remove("BACKBEAT_SMTP_URL")
            .envs(vars.iter().copied())
            .stdout(Stdio::null())
            .stderr(log.reopen().unwrap())
            .spawn()
            .expect("start backbeat serve");
        Self { child, log }
    }

    /// Starts `backbeat serve` like [`Self::start`], on a port of its own, and waits until it
    /// answers `/readyz`; answers the node and the app as reached at its address (the same
    /// database handle as `app`, for what the test reads).
    pub async fn serving(app: &TestApp, vars: &[(&str, &str)]) -> (Self, TestApp) {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let addr = format!("127.0.0.1:{port}");
        let mut node = Self::start(app, &[vars, &[("BACKBEAT_ADDR", addr.as_str())]].concat());
        let view = app.at(&format!("http://{addr}"));
        let started = Instant::now();
        loop {
            if let Some(status) = node.child.try_wait().unwrap() {
                panic!("the node exited with {status}:\n{}", node.log());
            }
            let answer = view.client.get(view.url("/readyz")).send().await;
            if answer.is_ok_and(|response| response.status() == 200) {
                return (node, view);
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the node did not become ready:\n{}",
                node.log()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// What the node logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log.path()).unwrap_or_default()
    }

    /// Kills the node at once (SIGKILL: nothing of it runs after), and waits until it is gone.
    pub fn kill(mut self) {
        self.child.kill().expect("kill the node");
        self.child.wait().expect("the killed node is reaped");
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
