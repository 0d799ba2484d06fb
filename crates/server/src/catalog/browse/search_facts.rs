//! What a search learnt about its query that only chooses how it is read or says "1,000+":
//! each tier's plan from its start, and whether more than [`COUNT_CAP`] tracks match. Kept for
//! [`KEPT_FOR`] per query, so that a common word asked again does not count its matches again
//! (at 200k tracks on SQLite those counts were 1.5 ms of a 'love' search's 5.5 ms of queries).
//!
//! Neither changes which tracks a page holds: every plan answers the same rows (a test checks
//! it), and a query past the cap is only ever shown as "1,000+". A count at or under the cap is
//! never kept: it is shown exactly, so it is counted on every request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::search::{COUNT_CAP, Plan};
use super::search_query::Tier;

/// How long a query's facts are used.
pub const KEPT_FOR: Duration = Duration::from_secs(60);
/// The most queries whose facts are kept; past it, the expired ones go, then all.
const KEPT_QUERIES: usize = 10_000;

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
pub struct SearchFacts(Arc<Mutex<HashMap<String, (Instant, Facts)>>>);

impl SearchFacts {
    /// The facts of `query` learnt less than [`KEPT_FOR`] ago (none known: the default).
    pub fn get(&self, query: &str) -> Facts {
        let facts = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        facts
            .get(query)
            .filter(|(at, _)| at.elapsed() < KEPT_FOR)
            .map(|(_, facts)| facts.clone())
            .unwrap_or_default()
    }

    /// Keeps `learnt` as what is known of `query` (from now on, for [`KEPT_FOR`]).
    pub fn put(&self, query: &str, learnt: Facts) {
        let mut facts = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if facts.len() >= KEPT_QUERIES && !facts.contains_key(query) {
            facts.retain(|_, (at, _)| at.elapsed() < KEPT_FOR);
            if facts.len() >= KEPT_QUERIES {
                facts.clear();
            }
        }
        facts.insert(query.to_owned(), (Instant::now(), learnt));
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
    fn facts_are_kept_per_query_and_bounded() {
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
        for n in 0..KEPT_QUERIES + 5 {
            kept.put(&n.to_string(), Facts::default());
        }
        assert!(kept.0.lock().unwrap().len() <= KEPT_QUERIES);
        assert!(!over_cap(COUNT_CAP) && over_cap(COUNT_CAP + 1));
    }
}
