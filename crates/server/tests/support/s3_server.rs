//! An S3-protocol server on loopback: `s3s-fs` (the `s3s` crate's reference backend, which keeps
//! a bucket's objects as files in a folder) served by hyper on 127.0.0.1, on a thread and
//! runtime of its own, so it answers whatever the test's runtime is doing (waiting for a child
//! process included) and lives until the [`S3Server`] is dropped. It checks SigV4 signatures,
//! headers and presigned query strings alike, with one access key.
//!
//! Chosen over moto's server mode (PyPI) because it runs inside the test binary: no Python, no
//! virtualenv, nothing fetched at run time, a start in milliseconds, one server per test. It
//! implements everything the media store relies on: ranged GETs, HEAD, DELETE, ListObjectsV2,
//! multipart uploads (aborts included), conditional puts (`If-None-Match: *`) and presigned
//! URLs (SigV4 query strings). Its objects are plain files, which tests read to compare bytes.
//!
//! Start one per test with [`S3Server::start`]; give a `backbeat` process its settings with
//! [`S3Server::env`] (an app in the test process: `configure`, in `tests/api/helpers/s3.rs`). It starts in
//! process, so it cannot be missing: a failure to start fails the test (never a skip, in CI or
//! not).
//!
//! This file is the server alone, shared by the API tests (`tests/api/helpers/s3.rs` adds what
//! tests read of the bucket) and the cluster benchmark (`benches/cluster.rs`).

use hyper_util::rt::TokioIo;
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use tempfile::TempDir;

pub const BUCKET: &str = "backbeat-test";
pub const ACCESS_KEY_ID: &str = "AKIABACKBEATTEST";
pub const SECRET_ACCESS_KEY: &str = "backbeat-test-secret-access-key";
pub const REGION: &str = "us-east-1";

pub struct S3Server {
    /// `http://127.0.0.1:<port>`.
    pub endpoint: String,
    /// The folder the server keeps the bucket in (objects as files).
    pub root: TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl S3Server {
    /// Starts a server with one empty bucket, [`BUCKET`].
    pub fn start() -> Self {
        let root = tempfile::tempdir().expect("a folder for the S3 server");
        std::fs::create_dir(root.path().join(BUCKET)).unwrap();
        let mut service = S3ServiceBuilder::new(
            s3s_fs::FileSystem::new(root.path()).expect("the S3 server's file system"),
        );
        service.set_auth(SimpleAuth::from_single(ACCESS_KEY_ID, SECRET_ACCESS_KEY));
        let service = service.build();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener.set_nonblocking(true).unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("the S3 server's runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).unwrap();
                let mut stopped = std::pin::pin!(stopped);
                loop {
                    let socket = tokio::select! {
                        _ = &mut stopped => break,
                        accepted = listener.accept() => match accepted {
                            Ok((socket, _)) => socket,
                            Err(_) => continue,
                        },
                    };
                    let service = service.clone();
                    tokio::spawn(async move {
                        // A connection the client drops half way is not the test's failure.
                        let _ = hyper::server::conn::http1::Builder::new()
                            .serve_connection(TokioIo::new(socket), service)
                            .await;
                    });
                }
            });
        });
        Self {
            endpoint,
            root,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// `s3://backbeat-test/<prefix>`.
    pub fn media_url(&self, prefix: &str) -> String {
        format!("s3://{BUCKET}/{prefix}")
    }

    /// The variables that put a `backbeat` process's media on this server under `prefix`.
    pub fn env(&self, prefix: &str) -> Vec<(&'static str, String)> {
        vec![
            ("BACKBEAT_MEDIA_URL", self.media_url(prefix)),
            ("AWS_ENDPOINT_URL", self.endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".into()),
            ("AWS_REGION", REGION.into()),
            ("AWS_ACCESS_KEY_ID", ACCESS_KEY_ID.into()),
            ("AWS_SECRET_ACCESS_KEY", SECRET_ACCESS_KEY.into()),
        ]
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
