//! What a search learnt about its query that only chooses how it is read or says "1,000+":
//! each tier's plan from its start, and whether more than [`COUNT_CAP`] tracks match. Kept for
//! [`KEPT_FOR`](backbeat_core::cache::KEPT_FOR) per query, so that a common word asked again does not count its matches again
//! (at 200k tracks on SQLite those counts were 1.5 ms of a 'love' search's 5.5 ms of queries).
//!
//! Neither changes which tracks a page holds: every plan answers the same rows (a test checks
//! it), and a query past the cap is only ever shown as "1,000+". A count at or under the cap is
//! never kept: it is shown exactly, so it is counted on every request.

use super::query::Tier;
use super::{COUNT_CAP, Plan};
use backbeat_core::cache::Cache;

/// A query's facts, as far as they are known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The plan of a tier's pages from its start.
    pub plans: Vec<(Tier, Plan)>,
    /// More than [`COUNT_CAP`] ready tracks matched.
    pub over_cap: bool,
}

impl Facts {
    pub fn plan(&self, tier: Tier) -> Option<Plan> {
        self.plans
            .iter()
            .find(|(known, _)| *known == tier)
            .map(|(_, plan)| *plan)
    }
}

/// The facts of this process's recent searches, by query (its text-index words).
#[derive(Clone, Default)]
pub struct SearchFacts(Cache<Facts>);

impl SearchFacts {
    /// The facts of `query` learnt less than [`KEPT_FOR`](backbeat_core::cache::KEPT_FOR) ago (none known: the default).
    pub fn get(&self, query: &str) -> Facts {
        self.0.get(query).unwrap_or_default()
    }

    /// Keeps `learnt` as what is known of `query` (from now on, for [`KEPT_FOR`](backbeat_core::cache::KEPT_FOR)).
    pub fn put(&self, query: &str, learnt: Facts) {
        self.0.put(query, learnt);
    }
}

/// Whether a count of `found` (counted up to `COUNT_CAP + 1`) may be kept.
pub fn over_cap(found: i64) -> bool {
    found > COUNT_CAP
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_are_kept_per_query() {
        let kept = SearchFacts::default();
        assert_eq!(kept.get("love"), Facts::default());
        let learnt = Facts {
            plans: vec![(Tier::TitleArtist, Plan::Probe)],
            over_cap: true,
        };
        kept.put("love", learnt.clone());
        assert_eq!(kept.get("love"), learnt);
        assert_eq!(kept.get("love").plan(Tier::TitleArtist), Some(Plan::Probe));
        assert_eq!(kept.get("love").plan(Tier::Genre), None);
        assert_eq!(kept.get("lov"), Facts::default());
        assert!(!over_cap(COUNT_CAP) && over_cap(COUNT_CAP + 1));
    }
}
