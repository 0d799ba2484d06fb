//! A grant, a download and a listener's offline status, as the API shows them.

use serde::Serialize;
use utoipa::ToSchema;

use backbeat_catalog::catalog::track::Track;
use backbeat_catalog::streaming::StreamUrl;
use backbeat_core::db::Timestamp;
use backbeat_core::ids::TrackId;
use backbeat_platform::plans::{self, Plan, StreamQuality};

/// A track the listener may keep downloaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct OfflineGrant {
    #[schema(value_type = String)]
    pub track_id: TrackId,
    /// The track's length in whole seconds, counted against the plan's allowance.
    pub duration_secs: i64,
    pub granted_at: Timestamp,
}

/// Seconds of audio the grants hold.
pub fn used_secs(grants: &[OfflineGrant]) -> i64 {
    grants.iter().map(|grant| grant.duration_secs).sum()
}

/// A granted track and the signed URL to download it from.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfflineDownload {
    pub track: Track,
    /// In the plan's quality, as `GET /tracks/{id}/stream-url` answers it.
    pub stream: StreamUrl,
}

/// What the listener may keep downloaded, as of this check-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfflineStatus {
    pub plan: Plan,
    /// False on Free: no downloads.
    pub allowed: bool,
    /// The quality downloads are in: the plan's stream quality.
    pub quality: StreamQuality,
    /// Seconds of audio the plan allows in total: 0 on Free, 36000 on Basic, null (unlimited)
    /// on Premium.
    #[schema(required = true)]
    pub limit_secs: Option<i64>,
    /// The sum of the grants' lengths.
    pub used_secs: i64,
    /// Seconds that may still be downloaded; null when unlimited.
    #[schema(required = true)]
    pub remaining_secs: Option<i64>,
    pub checked_at: Timestamp,
    /// Until when the app may play its downloads without another check-in (30 days).
    pub valid_until: Timestamp,
    /// Every track the listener may keep; the app deletes downloads of the tracks not listed.
    pub grants: Vec<OfflineGrant>,
}

impl OfflineStatus {
    /// The status of `grants` (those the plan allows) under `plan`, checked at `now`.
    pub fn new(plan: Plan, grants: Vec<OfflineGrant>, now: Timestamp) -> Self {
        let allowance = plan.offline_allowance();
        let used_secs = used_secs(&grants);
        let limit_secs = allowance.limit_secs();
        Self {
            plan,
            allowed: limit_secs != Some(0),
            quality: plan.stream_quality(),
            limit_secs,
            used_secs,
            remaining_secs: limit_secs.map(|limit| (limit - used_secs).max(0)),
            checked_at: now,
            valid_until: now + chrono::Duration::days(plans::OFFLINE_DAYS),
            grants,
        }
    }
}
