//! What became of a play made offline, as the API says it and the database keeps it.

use serde::Serialize;
use utoipa::ToSchema;

backbeat_core::text_enum! {
    /// What became of a play made offline.
    #[derive(Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum OfflinePlayResult {
        /// In the history, and counted: the track's plays and the uploader's credit.
        Counted = "counted",
        /// In the history, not counted (the listener's own track, a counted play of it within
        /// the window, or too soon after another counted play).
        Recorded = "recorded",
        /// Not recorded; `reason` says why.
        Refused = "refused",
    }
}

backbeat_core::text_enum! {
    /// Why a play made offline was refused.
    #[derive(Serialize, ToSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum OfflineRefusal {
        /// It started more than 30 days ago.
        TooOld = "too_old",
        /// It starts more than 2 minutes from now.
        InTheFuture = "in_the_future",
        /// No track the listener can play.
        NotFound = "not_found",
    }
}

/// What became of one play sent, by the id the app gave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct OfflinePlayOutcome {
    pub id: String,
    pub outcome: OfflinePlayResult,
    /// Why it was refused; null unless `outcome` is `refused`.
    #[schema(required = true)]
    pub reason: Option<OfflineRefusal>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::text_enum::testing::assert_stored_as;

    #[test]
    fn outcomes_and_reasons_are_said_and_stored_as_their_words() {
        assert_stored_as(&[
            (OfflinePlayResult::Counted, "counted"),
            (OfflinePlayResult::Recorded, "recorded"),
            (OfflinePlayResult::Refused, "refused"),
        ]);
        assert_stored_as(&[
            (OfflineRefusal::TooOld, "too_old"),
            (OfflineRefusal::InTheFuture, "in_the_future"),
            (OfflineRefusal::NotFound, "not_found"),
        ]);
    }
}
