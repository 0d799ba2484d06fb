//! Where a track's stems are, as the stems API, the database and the event stream say it.

use serde::Serialize;
use utoipa::ToSchema;

backbeat_core::text_enum! {
    /// Where a track's stems are.
    #[derive(Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum StemStatus {
        /// Never separated.
        None = "none",
        /// A separation is running (`progress` says how far).
        Loading = "loading",
        /// Both stems can be streamed.
        Ready = "ready",
        /// The last separation failed (`error` says why); starting again is allowed.
        Error = "error",
    }
    // Anything else stored reads as a failed separation, which may be started again.
    unknown_reads_as Error;
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_said_alike_in_the_api_the_database_and_events() {
        assert_stored_as(&[
            (StemStatus::None, "none"),
            (StemStatus::Loading, "loading"),
            (StemStatus::Ready, "ready"),
            (StemStatus::Error, "error"),
        ]);
        assert_eq!(StemStatus::parse("separating"), None);
        assert_eq!(StemStatus::parse("Ready"), None);
        assert_eq!(
            read_from_sqlite::<StemStatus>("separating").unwrap(),
            StemStatus::Error
        );
    }
}
