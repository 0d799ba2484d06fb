//! The catalog listing: ready tracks, newest first, or those matching a search.

use super::store;
use crate::catalog::search::facts::{self as search_facts, Facts, SearchFacts};
use crate::catalog::search::query::{Resume, SearchQuery, Tier, rank};
use crate::catalog::search::{self, COUNT_CAP, HeadHits, PLANNED_TIERS, Plan};
use crate::catalog::track::TrackRow;
use backbeat_core::db::Db;
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::errors::Failure;

/// How many tracks a search found: exact up to [`COUNT_CAP`], else at least that many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchTotal {
    pub total: i64,
    pub is_lower_bound: bool,
}

/// A page of the listing, with the search's count when it is a search.
#[derive(Debug)]
pub struct Listing {
    pub page: Page<TrackRow>,
    pub total: Option<SearchTotal>,
}

/// Ready tracks, newest first; with a query, those matching it (see
/// [`search_query`](crate::catalog::search::query)), in tiers, most played first. Keyset-paginated. A
/// query over the bounds of a search is [`errors::SEARCH_TOO_LONG`](backbeat_core::errors::SEARCH_TOO_LONG).
pub async fn list_tracks(
    db: &Db,
    facts: &SearchFacts,
    query: Option<&str>,
    page: &PageRequest,
) -> Result<Listing, Failure> {
    let blank = query.is_none_or(|q| q.chars().all(|c| c.is_whitespace() || c.is_control()));
    if blank {
        let rows = store::newest(db, page.after.as_ref(), page.fetch()).await?;
        let page = Page::cut(rows, page, |track| {
            Position::new(0, track.created_at, &track.id)
        });
        return Ok(Listing { page, total: None });
    }
    let query = query.map(SearchQuery::parse_bounded).transpose()?.flatten();
    let Some(query) = query else {
        let none = SearchTotal {
            total: 0,
            is_lower_bound: false,
        };
        return Ok(Listing {
            page: Page::cut(Vec::new(), page, |_: &TrackRow| {
                Position::before_descending()
            }),
            total: Some(none),
        });
    };
    // What recent searches of the same words learnt: each tier's plan from its start, and
    // whether the count passed the cap (see `search_facts`).
    let key = query.fts(None);
    let known = facts.get(&key);
    let mut learnt = known.clone();
    // PostgreSQL: a query not known to be common is read whole in one statement, which counts
    // its matches too; past the cap, it is read tier by tier.
    if let Db::Postgres(pool) = db
        && !known.over_cap
    {
        let few = search::few_matches(pool, &query, &page.after_descending(), page.fetch()).await?;
        match few.found {
            Some(found) if !search_facts::over_cap(found) => {
                return Ok(search_listing(few.rows, page, found));
            }
            Some(_) => learnt.over_cap = true,
            None => {}
        }
    }
    let mut heads = None;
    let (rows, plans) = search_page(db, &query, page, &mut heads, &learnt).await?;
    let found = if learnt.over_cap {
        COUNT_CAP + 1
    } else {
        count(db, &query, heads.as_ref()).await?
    };
    for (tier, plan) in plans {
        if learnt.plan(tier).is_none() {
            learnt.plans.push((tier, plan));
        }
    }
    learnt.over_cap |= search_facts::over_cap(found);
    if learnt != known {
        facts.put(&key, learnt);
    }
    Ok(search_listing(rows, page, found))
}

/// The listing of a search: the page of `rows` (each with its rank, one more than the page
/// when another follows) and the count, `found` (up to [`COUNT_CAP`] + 1).
fn search_listing(rows: Vec<(i64, TrackRow)>, page: &PageRequest, found: i64) -> Listing {
    let page = Page::cut(rows, page, |(rank, track)| {
        Position::new(*rank, track.created_at, &track.id)
    })
    .map(|(_, track)| track);
    let total = SearchTotal {
        total: found.min(COUNT_CAP),
        is_lower_bound: found > COUNT_CAP,
    };
    Listing {
        page,
        total: Some(total),
    }
}

/// How many ready tracks match, up to [`COUNT_CAP`] + 1. On PostgreSQL, a word common among the
/// most popular tracks is known to pass the cap without building GIN's bitmap of every match.
async fn count(db: &Db, query: &SearchQuery, heads: Option<&HeadHits>) -> sqlx::Result<i64> {
    if let Some(heads) = heads
        && heads.any > COUNT_CAP
    {
        return Ok(heads.any);
    }
    search::count(db, query, None, COUNT_CAP + 1, true).await
}

/// The rows of a search's page (one more than its size when another page follows), each with
/// its rank: tier by tier from the page's position; and the plan of each tier read from its
/// start. On PostgreSQL, `heads` are [`search::head_hits`] from the start, counted the first
/// time a tier read from its start has no plan in `known` (a known plan is not chosen again).
async fn search_page(
    db: &Db,
    query: &SearchQuery,
    page: &PageRequest,
    heads: &mut Option<HeadHits>,
    known: &Facts,
) -> sqlx::Result<(Vec<(i64, TrackRow)>, Vec<(Tier, Plan)>)> {
    let resume = Resume::from_position(page.after.as_ref());
    let mut rows = Vec::new();
    let mut plans = Vec::new();
    for tier in Tier::ALL.into_iter().filter(|tier| *tier >= resume.tier) {
        let wanted = page.fetch() - rows.len() as i64;
        if wanted <= 0 {
            break;
        }
        let from = if tier == resume.tier {
            resume.clone()
        } else {
            Resume::start_of(tier)
        };
        let from_start = from == Resume::start_of(tier);
        let found = if tier == Tier::Exact {
            search::tier_page(db, query, tier, &from, wanted, None).await?
        } else {
            let plan = match known.plan(tier).filter(|_| from_start) {
                Some(plan) => plan,
                None => {
                    // PostgreSQL: the head counts from the start, of any tier and of each, in
                    // one walk, the first time a tier from its start needs its plan.
                    let head = match db {
                        Db::Postgres(pool) if from_start => {
                            if heads.is_none() {
                                let start = Resume::start_of(Tier::Exact);
                                *heads = Some(
                                    search::head_hits(pool, query, &PLANNED_TIERS, &start).await?,
                                );
                            }
                            heads.as_ref().and_then(|heads| heads.of(tier))
                        }
                        _ => None,
                    };
                    search::plan(db, query, tier, &from, head).await?
                }
            };
            if from_start {
                plans.push((tier, plan));
            }
            search::tier_page_by(db, query, tier, &from, wanted, plan).await?
        };
        rows.extend(
            found
                .into_iter()
                .map(|track| (rank(tier, track.plays), track)),
        );
    }
    Ok((rows, plans))
}
