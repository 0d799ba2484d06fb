//! Media in an S3-compatible bucket, through `object_store`'s S3 client (signed with ring, TLS
//! by the process's rustls provider): the store under the bucket's prefix, the content types
//! objects are written with, and presigned URLs that let a player fetch an object directly.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use object_store::ClientOptions;
use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as StorePath;
use object_store::prefix::PrefixStore;
use object_store::signer::{Method, SignedUrlOptions, Signer};

use super::{MediaError, MediaKey, MediaStore};

/// A bucket, the prefix of Backbeat's objects in it, and how to reach it (the `AWS_*` settings).
#[derive(Clone, PartialEq, Eq)]
pub struct S3Settings {
    pub bucket: String,
    /// Folder names separated by slashes, without a slash at either end; empty for none.
    pub prefix: String,
    /// The S3 API's base URL; `None` is AWS itself.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub session_token: Option<String>,
    pub allow_http: bool,
}

impl S3Settings {
    /// `s3://bucket/prefix`, as the operator wrote it.
    pub fn url(&self) -> String {
        match self.prefix.as_str() {
            "" => format!("s3://{}", self.bucket),
            prefix => format!("s3://{}/{prefix}", self.bucket),
        }
    }
}

/// The keys are never shown.
impl fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S3Settings")
            .field("url", &self.url())
            .field("endpoint", &self.endpoint)
            .field("region", &self.region)
            .finish_non_exhaustive()
    }
}

/// The types objects are stored with, by the extension of their key (originals, renditions,
/// covers, avatars, ad images), so a presigned URL answers the same `Content-Type` as Backbeat.
const CONTENT_TYPES: [(&str, &str); 8] = [
    ("mp3", "audio/mpeg"),
    ("flac", "audio/flac"),
    ("wav", "audio/wav"),
    ("ogg", "audio/ogg"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("png", "image/png"),
    ("webp", "image/webp"),
];

/// The store of the bucket under the prefix, and the presigner of its objects.
pub(super) fn open(settings: &S3Settings) -> Result<(Arc<dyn ObjectStore>, Presigner), MediaError> {
    backbeat_core::net::use_ring_for_tls();
    let mut options = ClientOptions::new()
        .with_allow_http(settings.allow_http)
        // A stream's body is read from S3 while it is sent, at the listener's pace: no limit
        // on the whole request, only on a stalled read.
        .with_timeout_disabled()
        .with_read_timeout(Duration::from_secs(30));
    for (extension, content_type) in CONTENT_TYPES {
        options = options.with_content_type_for_suffix(extension, content_type);
    }
    let mut builder = AmazonS3Builder::new()
        .with_bucket_name(&settings.bucket)
        .with_region(&settings.region)
        .with_client_options(options);
    if let Some(endpoint) = &settings.endpoint {
        builder = builder.with_endpoint(endpoint);
    }
    if let (Some(id), Some(secret)) = (&settings.access_key_id, &settings.secret_access_key) {
        builder = builder
            .with_access_key_id(id)
            .with_secret_access_key(secret);
    }
    if let Some(token) = &settings.session_token {
        builder = builder.with_token(token);
    }
    let bucket = Arc::new(builder.build()?);
    let prefix = StorePath::from(settings.prefix.as_str());
    let store: Arc<dyn ObjectStore> = if settings.prefix.is_empty() {
        bucket.clone()
    } else {
        Arc::new(PrefixStore::new(bucket.clone(), prefix.clone()))
    };
    Ok((
        store,
        Presigner {
            signer: bucket,
            prefix,
        },
    ))
}

/// Presigned URLs of the objects under the prefix.
#[derive(Clone, Debug)]
pub(super) struct Presigner {
    signer: Arc<dyn Signer>,
    prefix: StorePath,
}

impl Presigner {
    /// The origin of the presigned URLs (scheme, host and port).
    pub(super) async fn origin(&self) -> Result<String, MediaError> {
        let url = self
            .signer
            .signed_url(Method::GET, &self.prefix, Duration::from_secs(60))
            .await?;
        Ok(url.origin().ascii_serialization())
    }
}

/// Streams redirected to presigned URLs (`BACKBEAT_MEDIA_REDIRECT=presigned`).
impl MediaStore {
    /// Answers streams with a redirect to a presigned URL of the object, so its bytes do not
    /// pass through this process; only a store on S3 can.
    pub async fn with_redirected_streams(mut self) -> Result<Self, MediaError> {
        let Some(presigner) = &self.presigner else {
            return Err(MediaError::Io(std::io::Error::other(
                "only media on S3 can redirect streams to presigned URLs",
            )));
        };
        self.redirect_origin = Some(presigner.origin().await?.into());
        Ok(self)
    }

    /// Where streams of `key` redirect to, when they do: a presigned URL answering `method`
    /// (GET or HEAD) for `expires_in`, with these `Content-Type` and `Cache-Control` headers
    /// whatever the object was stored with.
    pub async fn stream_redirect(
        &self,
        key: &MediaKey,
        method: Method,
        expires_in: Duration,
        content_type: &str,
        cache_control: &str,
    ) -> Result<Option<String>, MediaError> {
        let Some(presigner) = self.presigner.as_ref().filter(|_| self.redirects()) else {
            return Ok(None);
        };
        let path = presigner.prefix.parts().chain(key.0.parts()).collect();
        let options = SignedUrlOptions::new().with_query([
            ("response-content-type", content_type),
            ("response-cache-control", cache_control),
        ]);
        let url = presigner
            .signer
            .signed_url_opts(method, &path, expires_in, &options)
            .await?;
        Ok(Some(url.into()))
    }

    fn redirects(&self) -> bool {
        self.redirect_origin.is_some()
    }

    /// The origin (`https://s3.eu-west-1.amazonaws.com`) of the URLs streams redirect to, when
    /// they do: the web app's Content-Security-Policy must admit it.
    pub fn stream_redirect_origin(&self) -> Option<&str> {
        self.redirect_origin.as_deref()
    }
}
