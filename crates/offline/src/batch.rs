//! How many items one request may carry: 1 to 500 track ids to download, or plays made offline.

use backbeat_core::errors::{self, Failure};

/// The most items of one request.
pub const MAX_ITEMS: usize = 500;

/// Fine for 1 to [`MAX_ITEMS`] items; else `invalid_batch` (400) naming `what` ("track ids").
pub fn check_size(len: usize, what: &str) -> Result<(), Failure> {
    if (1..=MAX_ITEMS).contains(&len) {
        Ok(())
    } else {
        let problem = errors::OFFLINE_BATCH_SIZE;
        Err(Failure::Detailed(problem, problem.message_for(what)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_holds_1_to_500_items() {
        assert!(check_size(1, "plays").is_ok());
        assert!(check_size(500, "plays").is_ok());
        let empty = check_size(0, "plays").unwrap_err();
        assert!(empty.is(errors::OFFLINE_BATCH_SIZE));
        assert_eq!(empty.to_string(), "Send 1 to 500 plays at a time.");
        assert!(check_size(501, "track ids").is_err());
    }
}
