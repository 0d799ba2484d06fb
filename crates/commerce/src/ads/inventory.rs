//! The house-ad inventory, managed from the command line (`backbeat ads ...`): adding an ad
//! (its image through the image pipeline), listing, disabling, and the report of impressions
//! and clicks per ad and day. These work on the database and media storage directly, so they
//! run beside a serving instance.

use std::path::{Path, PathBuf};

use uuid::Uuid;

use super::store::{self, AdRow, DayOfAd};
use super::{Slot, day_of};
use backbeat_core::db::{Db, Timestamp};
use backbeat_platform::images::ad as ad_image;
use backbeat_platform::media::{MediaKey, MediaStore};

/// The longest ad title, in characters.
pub const TITLE_MAX_CHARS: usize = 100;

/// Why a command refused or failed; the message says what to change.
#[derive(Debug, thiserror::Error)]
pub enum InventoryError {
    #[error("the slot must be banner or popup, not {0:?}")]
    Slot(String),
    #[error("the title must be 1 to {TITLE_MAX_CHARS} characters, without control characters")]
    Title,
    #[error("the target {0:?} is not an http:// or https:// URL")]
    Target(String),
    #[error("cannot read the image {}: {source}", path.display())]
    ReadImage {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the image {} is {size} bytes; an ad image must be at most 2 MB", path.display())]
    ImageTooLarge { path: PathBuf, size: u64 },
    #[error("the image {} is not a JPEG, PNG or WebP image", path.display())]
    NotAnImage { path: PathBuf },
    #[error("there is no ad with the id {0:?}")]
    UnknownAd(String),
    #[error("--days must be at least 1")]
    Days,
    #[error("{0:#}")]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for InventoryError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

/// An ad to add, as given on the command line.
#[derive(Clone, Debug)]
pub struct NewAd<'a> {
    pub slot: &'a str,
    pub title: &'a str,
    pub image: &'a Path,
    pub target_url: &'a str,
}

/// Checks everything, stores the re-encoded image, then the ad (active); answers its id. A
/// refused ad leaves nothing stored.
pub async fn add(db: &Db, media: &MediaStore, new: &NewAd<'_>) -> Result<String, InventoryError> {
    let slot = Slot::parse(new.slot).ok_or_else(|| InventoryError::Slot(new.slot.to_owned()))?;
    let title = new.title.trim();
    if title.is_empty()
        || title.chars().count() > TITLE_MAX_CHARS
        || title.chars().any(char::is_control)
    {
        return Err(InventoryError::Title);
    }
    let target = backbeat_core::net::web_url(new.target_url.trim())
        .ok_or_else(|| InventoryError::Target(new.target_url.to_owned()))?;
    let image = read_image(new.image).await?;

    let id = Uuid::now_v7().to_string();
    let key = MediaKey::parse(&format!("ads/{id}/{id}.{}", image.extension))
        .map_err(anyhow::Error::from)?;
    media
        .put_new(&key, image.bytes)
        .await
        .map_err(anyhow::Error::from)?;
    let ad = AdRow {
        id: id.clone(),
        slot: slot.as_str().to_owned(),
        title: title.to_owned(),
        image_key: key.as_str().to_owned(),
        target_url: target.into(),
        active: true,
        created_at: Timestamp::now(),
    };
    if let Err(err) = store::insert_ad(db, &ad).await {
        if let Err(cleanup) = media.delete(&key).await {
            tracing::warn!(key = %key, error = %cleanup, "cannot delete an unused ad image");
        }
        return Err(err.into());
    }
    Ok(id)
}

/// Reads and re-encodes the image, refusing files over 2 MB before reading them.
async fn read_image(
    path: &Path,
) -> Result<backbeat_platform::images::EncodedImage, InventoryError> {
    let read_error = |source| InventoryError::ReadImage {
        path: path.to_owned(),
        source,
    };
    let size = tokio::fs::metadata(path).await.map_err(read_error)?.len();
    if size > ad_image::MAX_BYTES as u64 {
        return Err(InventoryError::ImageTooLarge {
            path: path.to_owned(),
            size,
        });
    }
    let bytes = tokio::fs::read(path).await.map_err(read_error)?;
    tokio::task::spawn_blocking(move || ad_image::process(&bytes))
        .await
        .map_err(anyhow::Error::from)?
        .map_err(|_| InventoryError::NotAnImage {
            path: path.to_owned(),
        })
}

/// Every ad, newest first.
pub async fn list(db: &Db) -> Result<Vec<AdRow>, InventoryError> {
    Ok(store::list_ads(db).await?)
}

/// Stops serving the ad (its counts stay in the report).
pub async fn disable(db: &Db, id: &str) -> Result<(), InventoryError> {
    if store::disable_ad(db, id).await? {
        Ok(())
    } else {
        Err(InventoryError::UnknownAd(id.to_owned()))
    }
}

/// Impressions and clicks per ad and day over the last `days` UTC days (today included),
/// newest day first.
pub async fn report(db: &Db, days: u32, now: Timestamp) -> Result<Vec<DayOfAd>, InventoryError> {
    if days == 0 {
        return Err(InventoryError::Days);
    }
    let since = day_of(now - chrono::Duration::days(i64::from(days) - 1));
    Ok(store::days_of_ads(db, &since).await?)
}
