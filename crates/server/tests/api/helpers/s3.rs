//! The S3-protocol server on loopback ([`S3Server`], `tests/support/s3_server.rs`), and what the
//! tests read of its bucket: how an app or a `backbeat` process is pointed at it, the objects
//! stored, multipart uploads left unfinished.

use backbeat::config::Config;
use backbeat::media::MediaStore;

use super::app::files_under;

#[path = "../../support/s3_server.rs"]
mod server;

pub use server::S3Server;
use server::{ACCESS_KEY_ID, BUCKET, REGION, SECRET_ACCESS_KEY};

impl S3Server {
    /// Puts an app's media on this server under `prefix` (what [`Self::env`] sets).
    pub fn configure(&self, config: &mut Config, prefix: &str) {
        config.media.url = Some(self.media_url(prefix));
        config.media.endpoint = Some(self.endpoint.clone());
        config.media.allow_http = true;
        config.media.region = Some(REGION.into());
        config.media.access_key_id = Some(ACCESS_KEY_ID.into());
        config.media.secret_access_key = Some(SECRET_ACCESS_KEY.into());
    }

    /// A media store on this server under `prefix`, as an app configured by
    /// [`Self::configure`] opens it.
    pub fn store(&self, prefix: &str) -> MediaStore {
        let mut config = Config::default();
        self.configure(&mut config, prefix);
        MediaStore::open(&config.media_location().unwrap()).unwrap()
    }

    /// The keys of the objects stored under `prefix`, sorted, as the server keeps them on disk
    /// (not through the protocol under test).
    pub fn keys(&self, prefix: &str) -> Vec<String> {
        let dir = self.root.path().join(BUCKET).join(prefix);
        let mut keys: Vec<String> = files_under(&dir)
            .into_iter()
            .map(|file| file.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        keys.sort();
        keys
    }

    /// The bytes of the object at `prefix/key`, read from the server's disk.
    pub fn object(&self, prefix: &str, key: &str) -> Vec<u8> {
        let path = self.root.path().join(BUCKET).join(prefix).join(key);
        std::fs::read(&path).unwrap_or_else(|e| panic!("no object {prefix}/{key}: {e}"))
    }

    /// Replaces the object at `prefix/key` on the server's disk, behind the protocol's back (a
    /// damaged copy).
    pub fn overwrite(&self, prefix: &str, key: &str, bytes: &[u8]) {
        std::fs::write(self.root.path().join(BUCKET).join(prefix).join(key), bytes).unwrap();
    }

    /// Multipart uploads started and neither completed nor aborted. (A part that was on its way
    /// when its upload was aborted may still be stored afterwards, on S3 as here: AWS advises a
    /// lifecycle rule for those.)
    pub fn unfinished_uploads(&self) -> usize {
        self.root_files(&[".upload-"])
    }

    /// Files the server is writing (an upload's id, a part, an object) and parts it stored.
    pub fn parts_arriving(&self) -> usize {
        self.root_files(&[".upload_id-", ".tmp."])
    }

    /// The server's own files, beside the bucket, whose names start with one of `prefixes`.
    fn root_files(&self, prefixes: &[&str]) -> usize {
        std::fs::read_dir(self.root.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                prefixes.iter().any(|prefix| name.starts_with(prefix))
            })
            .count()
    }
}
