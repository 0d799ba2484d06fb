//! Replacing the own avatar: the upload is re-encoded (`images::avatar`), stored under a name
//! of its own, and the profile points at it; the previous file is deleted.

use bytes::Bytes;
use tokio::sync::Semaphore;

use super::store;
use crate::profiles::profile::service::my_profile;
use crate::profiles::profile::store::{ProfileRow, find_profile};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_platform::images::EncodedImage;
use backbeat_platform::images::avatar;
use backbeat_platform::media::{MediaError, MediaKey, MediaStore};

/// The largest avatar upload: at most 2 MB.
pub const AVATAR_MAX_BYTES: usize = 2 * 1024 * 1024;
/// Decoding may take up to 128 MB of memory; this bounds how many run at once.
static AVATAR_DECODES: Semaphore = Semaphore::const_new(4);

/// Replaces the signed-in user's avatar with `upload`. The new file is stored under a name of
/// its own, then the profile points at it, then the previous file is deleted; when the profile
/// cannot be updated the new file is deleted, so a failure leaves nothing behind.
pub async fn replace_avatar(
    db: &Db,
    media: &MediaStore,
    user_id: &UserId,
    upload: Bytes,
) -> Result<ProfileRow, Failure> {
    if upload.len() > AVATAR_MAX_BYTES {
        return Err(errors::AVATAR_TOO_LARGE.into());
    }
    my_profile(db, user_id).await?;
    let avatar = {
        let _permit = AVATAR_DECODES
            .acquire()
            .await
            .map_err(Failure::unexpected)?;
        tokio::task::spawn_blocking(move || avatar::process(&upload))
            .await?
            .map_err(|_| errors::NOT_AN_IMAGE)?
    };

    // Storing and pointing the profile at the file run to completion even if the client goes
    // away (a dropped request future would otherwise strand the new file).
    let (db_task, media_task, user) = (db.clone(), media.clone(), user_id.to_owned());
    tokio::spawn(async move { swap_avatar(&db_task, &media_task, &user, avatar).await }).await??;

    find_profile(db, user_id, user_id)
        .await?
        .ok_or_else(|| errors::PROFILE_NOT_FOUND.into())
}

async fn swap_avatar(
    db: &Db,
    media: &MediaStore,
    user_id: &UserId,
    avatar: EncodedImage,
) -> Result<(), Failure> {
    let key = store_new_avatar(media, user_id, &avatar).await?;
    let previous = match point_profile_at(db, user_id, &key).await {
        Ok(previous) => previous,
        Err(err) => {
            if let Err(cleanup) = media.delete(&key).await {
                tracing::warn!(key = %key, error = %cleanup, "cannot delete an unused avatar");
            }
            return Err(err);
        }
    };
    if let Some(previous) = previous {
        match MediaKey::parse(&previous) {
            Ok(previous) => {
                if let Err(err) = media.delete(&previous).await {
                    tracing::warn!(key = %previous, error = %err, "cannot delete a replaced avatar");
                }
            }
            Err(err) => tracing::warn!(error = %err, "a replaced avatar had an invalid key"),
        }
    }
    Ok(())
}

/// Stores the avatar at `avatars/{userId}/{userId}-{unix_millis}.{ext}`, never over an existing
/// file: a name already taken (two uploads in one millisecond) moves on to the next millisecond.
async fn store_new_avatar(
    media: &MediaStore,
    user_id: &UserId,
    avatar: &EncodedImage,
) -> Result<MediaKey, Failure> {
    let millis = chrono::Utc::now().timestamp_millis();
    let mut last_error = None;
    for offset in 0..5 {
        let key = MediaKey::parse(&avatar_key(user_id, millis + offset, avatar.extension))?;
        match media.put_new(&key, avatar.bytes.clone()).await {
            Ok(()) => return Ok(key),
            Err(err @ MediaError::AlreadyExists(_)) => last_error = Some(err),
            Err(err) => return Err(err.into()),
        }
    }
    Err(last_error.map_or_else(
        || Failure::unexpected(anyhow::anyhow!("no avatar key was free")),
        Failure::unexpected,
    ))
}

pub fn avatar_key(user_id: &UserId, unix_millis: i64, extension: &str) -> String {
    format!("avatars/{user_id}/{user_id}-{unix_millis}.{extension}")
}

/// Points the profile at `key` and returns the key it pointed at before. The update only
/// succeeds if the previous key is still the one read, so two concurrent uploads cannot both
/// claim the same previous file (and strand one of theirs).
async fn point_profile_at(
    db: &Db,
    user_id: &UserId,
    key: &MediaKey,
) -> Result<Option<String>, Failure> {
    for _ in 0..5 {
        let Some(previous) = store::avatar_key(db, user_id).await? else {
            return Err(errors::PROFILE_NOT_FOUND.into());
        };
        if store::set_avatar_key(
            db,
            user_id,
            key.as_str(),
            previous.as_deref(),
            Timestamp::now(),
        )
        .await?
        {
            return Ok(previous);
        }
    }
    Err(Failure::Unexpected(anyhow::anyhow!(
        "the avatar kept changing while it was being replaced"
    )))
}
