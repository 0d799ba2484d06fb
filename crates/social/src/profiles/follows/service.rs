//! Following: a user follows other users (never themselves), at most once; following again or
//! unfollowing again changes nothing.

use super::store;
use crate::profiles::profile::store::profile_exists;
use backbeat_core::db::{Db, Timestamp, is_foreign_key_violation};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;

/// The outcome of a follow or unfollow: whether the caller now follows, and the new count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowOutcome {
    pub following: bool,
    pub follower_count: i64,
}

/// Makes `follower_id` follow `profile_id`; following again changes nothing.
pub async fn follow(
    db: &Db,
    follower_id: &UserId,
    profile_id: &UserId,
) -> Result<FollowOutcome, Failure> {
    if follower_id == profile_id {
        return Err(errors::CANNOT_FOLLOW_SELF.into());
    }
    if !profile_exists(db, profile_id).await? {
        return Err(errors::PROFILE_NOT_FOUND.into());
    }
    match store::insert_follow(db, follower_id, profile_id, Timestamp::now()).await {
        // The account went away between the check and the insert.
        Err(err) if is_foreign_key_violation(&err) => return Err(errors::PROFILE_NOT_FOUND.into()),
        other => other?,
    };
    Ok(FollowOutcome {
        following: true,
        follower_count: store::follower_count(db, profile_id).await?,
    })
}

/// Makes `follower_id` stop following `profile_id`; unfollowing again changes nothing.
pub async fn unfollow(
    db: &Db,
    follower_id: &UserId,
    profile_id: &UserId,
) -> Result<FollowOutcome, Failure> {
    if !profile_exists(db, profile_id).await? {
        return Err(errors::PROFILE_NOT_FOUND.into());
    }
    store::delete_follow(db, follower_id, profile_id).await?;
    Ok(FollowOutcome {
        following: false,
        follower_count: store::follower_count(db, profile_id).await?,
    })
}
