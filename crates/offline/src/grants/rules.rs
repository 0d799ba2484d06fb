//! The rules of grants, without the database: how much the grants use, whether new ones fit the
//! plan, and which grants a plan no longer allows (all on Free; on Basic past its allowance after
//! a downgrade, the newest until the rest fits).

use super::grant::{OfflineGrant, used_secs};
use backbeat_core::errors::{self, Problem};
use backbeat_platform::plans::OfflineAllowance;

/// Whether `added_secs` more (tracks not granted yet) fit beside `used_secs`: never on a plan
/// without downloads (`offline_not_in_plan`), within the allowance on a limited plan
/// (`offline_limit_reached`), always on an unlimited one.
pub fn check_room(
    allowance: OfflineAllowance,
    used_secs: i64,
    added_secs: i64,
) -> Result<(), Problem> {
    match allowance {
        OfflineAllowance::None => Err(errors::OFFLINE_NOT_IN_PLAN),
        OfflineAllowance::UpTo(limit) if used_secs.saturating_add(added_secs) > limit => {
            Err(errors::OFFLINE_LIMIT_REACHED)
        }
        OfflineAllowance::UpTo(_) | OfflineAllowance::Unlimited => Ok(()),
    }
}

/// The grants `allowance` no longer allows, newest first: every one without downloads; past a
/// limit, the newest until the rest fits; none when unlimited. `grants` are oldest first.
pub fn ended_by(allowance: OfflineAllowance, grants: &[OfflineGrant]) -> Vec<&OfflineGrant> {
    let limit = match allowance {
        OfflineAllowance::None => 0,
        OfflineAllowance::UpTo(limit) => limit,
        OfflineAllowance::Unlimited => return Vec::new(),
    };
    let mut used = used_secs(grants);
    let mut ended = Vec::new();
    for grant in grants.iter().rev() {
        if used <= limit && allowance != OfflineAllowance::None {
            break;
        }
        used -= grant.duration_secs;
        ended.push(grant);
    }
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::db::Timestamp;

    const LIMIT: i64 = backbeat_platform::plans::BASIC_OFFLINE_SECS;

    /// Grants of these lengths, oldest first, a minute apart.
    fn granted(lengths: &[i64]) -> Vec<OfflineGrant> {
        let start = Timestamp::now() - chrono::Duration::hours(1);
        lengths
            .iter()
            .enumerate()
            .map(|(i, secs)| OfflineGrant {
                track_id: format!("t{i}").into(),
                duration_secs: *secs,
                granted_at: start + chrono::Duration::minutes(i as i64),
            })
            .collect()
    }

    fn ids(grants: Vec<&OfflineGrant>) -> Vec<&str> {
        grants.iter().map(|g| g.track_id.as_str()).collect()
    }

    #[test]
    fn free_cannot_download_anything() {
        assert_eq!(
            check_room(OfflineAllowance::None, 0, 0),
            Err(errors::OFFLINE_NOT_IN_PLAN)
        );
        assert_eq!(
            check_room(OfflineAllowance::None, 0, 180),
            Err(errors::OFFLINE_NOT_IN_PLAN)
        );
    }

    #[test]
    fn basic_downloads_up_to_10_hours_in_total() {
        let basic = OfflineAllowance::UpTo(LIMIT);
        assert_eq!(check_room(basic, 0, LIMIT), Ok(()));
        assert_eq!(check_room(basic, LIMIT - 180, 180), Ok(()));
        assert_eq!(
            check_room(basic, LIMIT - 180, 181),
            Err(errors::OFFLINE_LIMIT_REACHED)
        );
        assert_eq!(check_room(basic, LIMIT, 0), Ok(()), "nothing new");
    }

    #[test]
    fn premium_downloads_without_limit() {
        assert_eq!(check_room(OfflineAllowance::Unlimited, i64::MAX, 1), Ok(()));
    }

    #[test]
    fn grants_within_the_plan_all_remain() {
        let grants = granted(&[3_600; 10]);
        assert!(ended_by(OfflineAllowance::UpTo(LIMIT), &grants).is_empty());
        assert!(ended_by(OfflineAllowance::Unlimited, &granted(&[LIMIT; 5])).is_empty());
    }

    #[test]
    fn past_the_limit_the_newest_grants_end_until_the_rest_fits() {
        // 4 h + 4 h + 1 h + 3 h + 1 h = 13 h: the last two end (12 h, then 9 h).
        let grants = granted(&[14_400, 14_400, 3_600, 10_800, 3_600]);
        let ended = ended_by(OfflineAllowance::UpTo(LIMIT), &grants);
        assert_eq!(ids(ended), ["t4", "t3"]);
    }

    #[test]
    fn without_downloads_every_grant_ends() {
        let grants = granted(&[180, 0, 240]);
        let ended = ended_by(OfflineAllowance::None, &grants);
        assert_eq!(ids(ended), ["t2", "t1", "t0"]);
        assert!(ended_by(OfflineAllowance::None, &[]).is_empty());
    }

    #[test]
    fn used_time_is_the_sum_of_the_grants() {
        assert_eq!(used_secs(&granted(&[180, 240])), 420);
        assert_eq!(used_secs(&[]), 0);
    }
}
