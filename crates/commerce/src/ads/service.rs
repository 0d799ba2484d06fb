//! The rules of serving ads: only free-plan users get an ad and the ad network's script; a paid
//! user's request is answered with nothing. An ad is one of the slot's active ads, the one the user
//! has seen least today. Impressions and clicks of free-plan users are counted once per user, ad
//! and UTC day, however often and however concurrently they are reported (the day's row is inserted
//! or already there).

use serde::Serialize;
use utoipa::ToSchema;

use super::click_link::{self, ClickGrant};
use super::store::{self, AdRow, Counted};
use super::{Slot, day_of};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_core::signing::Secret;
use backbeat_platform::media::routes::public_path;
use backbeat_platform::plans;

/// A house ad as a page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Ad {
    pub id: String,
    pub slot: Slot,
    pub title: String,
    /// The ad's image (a path under `/media`, no token needed).
    pub image_url: String,
    /// The link to put on the ad: it counts the click and redirects to the ad's target. Signed
    /// for this user, valid for 24 hours; no bearer token needed.
    pub click_url: String,
}

/// What a page of a user shows in an ad slot.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct AdSlot {
    /// An ad of the inventory, for free-plan users while the slot has an active ad; else null.
    #[schema(required = true)]
    pub ad: Option<Ad>,
    /// The external ad network's script to load, for free-plan users when one is configured;
    /// else null.
    #[schema(required = true)]
    pub network_script_url: Option<String>,
}

/// The ad `user` is shown in `slot` at `now`.
pub async fn offer(
    db: &Db,
    secret: &Secret,
    network_script_url: Option<&str>,
    user: &UserId,
    slot: &str,
    now: Timestamp,
) -> Result<AdSlot, Failure> {
    let slot = Slot::parse(slot).ok_or(errors::INVALID_AD_SLOT)?;
    if !plans::plan_of(db, user).await?.shows_ads() {
        return Ok(AdSlot::default());
    }
    let ad = store::least_seen_ad(db, slot.as_str(), user, &day_of(now)).await?;
    Ok(AdSlot {
        ad: ad.map(|ad| Ad {
            click_url: click_link::click_url(secret, &ad.id, user, now),
            image_url: public_path(&ad.image_key),
            id: ad.id,
            slot,
            title: ad.title,
        }),
        network_script_url: network_script_url.map(str::to_owned),
    })
}

/// Counts that `user` was shown the ad (an active one); a paid user's report is not counted.
/// Answers whether this report counted.
pub async fn record_impression(
    db: &Db,
    user: &UserId,
    ad_id: &str,
    now: Timestamp,
) -> Result<bool, Failure> {
    let ad = find_ad(db, ad_id).await?;
    if !ad.active {
        return Err(errors::AD_NOT_FOUND.into());
    }
    count_for_free_plan(db, Counted::Impression, &ad, user, now).await
}

/// Counts that `user` clicked the ad (active or not: it was on their page) and answers where
/// the click leads.
pub async fn record_click(
    db: &Db,
    user: &UserId,
    ad_id: &str,
    now: Timestamp,
) -> Result<String, Failure> {
    let ad = find_ad(db, ad_id).await?;
    count_for_free_plan(db, Counted::Click, &ad, user, now).await?;
    Ok(ad.target_url)
}

/// [`record_click`] for the user a signed click link names, when its signature holds.
pub async fn follow_click_link(
    db: &Db,
    secret: &Secret,
    ad_id: &str,
    link: &ClickGrant<'_>,
    now: Timestamp,
) -> Result<String, Failure> {
    let user = click_link::verify(secret, ad_id, link, now.unix_seconds())
        .map_err(|_| errors::INVALID_AD_LINK)?;
    record_click(db, &UserId::from(user), ad_id, now).await
}

async fn find_ad(db: &Db, ad_id: &str) -> Result<AdRow, Failure> {
    store::find_ad(db, ad_id)
        .await?
        .ok_or_else(|| errors::AD_NOT_FOUND.into())
}

async fn count_for_free_plan(
    db: &Db,
    what: Counted,
    ad: &AdRow,
    user: &UserId,
    now: Timestamp,
) -> Result<bool, Failure> {
    if !plans::plan_of(db, user).await?.shows_ads() {
        return Ok(false);
    }
    match store::count(db, what, &ad.id, user, &day_of(now), now).await {
        Ok(counted) => Ok(counted),
        // A link can outlive its user's account: the click leads on, uncounted.
        Err(err) if backbeat_core::db::is_foreign_key_violation(&err) => Ok(false),
        Err(err) => Err(err.into()),
    }
}
