//! SQL of a search: SQLite's FTS5 table `tracks_search` and PostgreSQL's GIN-indexed
//! `tracks.search_vector` (both kept in sync by triggers, see migration 0009).
//!
//! A page never sorts every match of a common word. Each tier is read in popularity order by one
//! of three plans, chosen by how many tracks the tier holds (counted on the text index, up to a
//! cap): [`Plan::Sorted`] for few, [`Plan::Walk`] for many (the index `tracks_status_plays`
//! walked from the page's position, keeping the rows that match, about tracks / matches rows per
//! result) and, on SQLite, [`Plan::Probe`] for a very common title or artist word.

pub mod facts;
pub mod index;
pub mod query;

use self::query::{PLAYS_MASK, Resume, SearchQuery, TIER_STEP, Tier};
use crate::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::Db;
use backbeat_core::db::page::Position;
use backbeat_core::on_db;

/// Above this many matches in a tier, its page walks the popularity index instead of sorting
/// the matches. Measured at 1M tracks on SQLite (warm cache): 7,070 matches sorted took 10 to
/// 20 ms, walked 3.5 ms; a walk costs about tracks / matches rows per result, so below a few
/// thousand matches sorting wins.
pub const DENSE_FROM: i64 = 2_000;
/// On SQLite, when at least [`PROBE_FROM_HITS`] of the newest [`PROBE_SAMPLE_ROWS`] rows of the
/// text index match the title or artist (a tenth of the catalog, and a last word within the
/// prefix indexes), the walk looks each row up in the text index instead of first collecting
/// every match's rowid. The sample is a rowid range of the index: about 1 ms at 1M tracks,
/// where counting 'love' to 100,000 took 15 to 25 ms.
pub const PROBE_SAMPLE_ROWS: i64 = 10_000;
pub const PROBE_FROM_HITS: i64 = 1_000;
/// The longest prefix with an FTS5 prefix index (migration 0009).
const LONGEST_INDEXED_PREFIX: usize = 6;

/// PostgreSQL: whether a statement that carries a search's text query is prepared once and kept
/// (`false`: sent unnamed, planned with its words each time, as `psql` would). A kept statement
/// is planned generically from its sixth run on: the words are then a parameter, not a
/// constant, so `to_tsquery(backbeat_unaccent($n))` is evaluated again for every row checked
/// (a GIN recheck or a walk), and the plan cannot tell a rare word from a common one. Measured on
/// 300,000 rows: counting 6,660 matches took 25 ms generic against 3.3 ms planned with the words.
pub const WORDS_ARE_CONSTANTS: bool = false;

/// PostgreSQL: how many of the most popular ready tracks after a position are checked against
/// the query to choose a plan (a walk of the popularity index, a few ms).
const HEAD_ROWS: i64 = 5_000;
/// PostgreSQL: with this many matches among those, the page walks the popularity index. A walk
/// reads about page / hits x HEAD_ROWS rows; sorting reads every match, about hits / HEAD_ROWS x
/// tracks; at 1M tracks and pages of 51 the two meet near 36 hits (some 7,000 matches).
const HEAD_WALK_FROM: i64 = 36;

/// The tiers whose pages are planned by their head count (the exact tier is an index lookup).
pub const PLANNED_TIERS: [Tier; 3] = [Tier::TitleArtist, Tier::Album, Tier::Genre];

/// PostgreSQL: of the [`HEAD_ROWS`] most popular ready tracks after a position, how many match
/// the query.
#[derive(Clone, Debug)]
pub struct HeadHits {
    /// In any tier.
    pub any: i64,
    /// In each tier counted.
    tiers: Vec<(Tier, i64)>,
}

impl HeadHits {
    /// The count of `tier`, if it was counted.
    pub fn of(&self, tier: Tier) -> Option<i64> {
        self.tiers
            .iter()
            .find(|(counted, _)| *counted == tier)
            .map(|(_, hits)| *hits)
    }
}

/// PostgreSQL: the [`HeadHits`] after `from`, in any tier and in each of `tiers`, counted in one
/// walk of the popularity index: the walk is what costs, not the checks of each row's vector.
pub async fn head_hits(
    pool: &sqlx::PgPool,
    query: &SearchQuery,
    tiers: &[Tier],
    from: &Resume,
) -> sqlx::Result<HeadHits> {
    let mut sql = String::from(
        "SELECT count(*) FILTER (WHERE h.v @@ to_tsquery('simple', backbeat_unaccent($1)))",
    );
    for n in 0..tiers.len() {
        sql.push_str(&format!(
            ", count(*) FILTER (WHERE h.v @@ to_tsquery('simple', backbeat_unaccent(${})))",
            n + 6
        ));
    }
    sql.push_str(concat!(
        " FROM (SELECT t.search_vector AS v FROM tracks t WHERE ",
        visible_to_all!(),
        " AND (t.plays, t.created_at, t.id) < ($2, $3, $4) \
         ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $5) h"
    ));
    let mut counted = sqlx::query(sqlx::AssertSqlSafe(sql))
        .persistent(WORDS_ARE_CONSTANTS)
        .bind(query.tsquery(None))
        .bind(from.plays)
        .bind(from.at)
        .bind(&from.id)
        .bind(HEAD_ROWS);
    for tier in tiers {
        counted = counted.bind(query.tsquery(Some(*tier)));
    }
    let row = counted.fetch_one(pool).await?;
    let hits = (0..=tiers.len())
        .map(|i| sqlx::Row::try_get::<i64, _>(&row, i))
        .collect::<sqlx::Result<Vec<i64>>>()?;
    Ok(HeadHits {
        any: hits[0],
        tiers: tiers
            .iter()
            .copied()
            .zip(hits[1..].iter().copied())
            .collect(),
    })
}

/// How a page of a tier is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Every match from the text index, sorted by popularity.
    Sorted,
    /// The popularity index walked, keeping matches (on SQLite: rowids collected from the text
    /// index first; on PostgreSQL: each row's vector checked).
    Walk,
    /// SQLite: the popularity index walked, each row looked up in the text index by rowid.
    /// PostgreSQL reads it as [`Plan::Walk`].
    Probe,
}
/// The most matches counted exactly; beyond, the count is a lower bound.
pub const COUNT_CAP: i64 = 1_000;

/// Ready tracks whose title or artist is the query, most played first, after `from`.
pub const EXACT: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t \
     WHERE (t.title_lower = $1 OR t.artist_lower = $1) AND ",
    visible_to_all!(),
    " AND (t.plays, t.created_at, t.id) < ($2, $3, $4) \
     ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $5"
);

/// The rest of a tier's query after its match condition: not an exact match (`$1`), after the
/// position, in popularity order.
macro_rules! tier_rest {
    () => {
        " AND t.title_lower <> $1 AND t.artist_lower <> $1 \
          AND (t.plays, t.created_at, t.id) < ($3, $4, $5) \
          ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $6"
    };
}

/// SQLite, a tier with few matches (`$2` its FTS5 query): every match by rowid, sorted.
pub const SQLITE_SPARSE: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t NOT INDEXED \
     WHERE t.rowid IN (SELECT rowid FROM tracks_search WHERE tracks_search MATCH $2) AND ",
    visible_to_all!(),
    tier_rest!()
);

/// SQLite, a tier with many matches: the popularity index walked from the position, keeping the
/// rows among the matches' rowids (collected once from the text index, no row read).
pub const SQLITE_DENSE: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t INDEXED BY tracks_status_plays \
     WHERE ",
    visible_to_all!(),
    " AND t.rowid IN (SELECT rowid FROM tracks_search WHERE tracks_search MATCH $2)",
    tier_rest!()
);

/// SQLite, a tier where most tracks match: the popularity index walked from the position, each
/// row looked up in the text index by its rowid (fast only for words within the prefix indexes,
/// and few rows are walked).
pub const SQLITE_PROBE: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t INDEXED BY tracks_status_plays \
     WHERE ",
    visible_to_all!(),
    " AND EXISTS (SELECT 1 FROM tracks_search s \
                  WHERE s.tracks_search MATCH $2 AND s.rowid = t.rowid)",
    tier_rest!()
);

/// PostgreSQL: the plays from which a ready track is in the popular head of the text index,
/// the partial GIN index `tracks_search_vector_head` (migration 0015; its predicate is written
/// out in [`POSTGRES_SPARSE_HEAD`], where the planner must see it). A page of popularity order
/// filled from the head alone is the page: every other match has fewer plays.
pub const HEAD_PLAYS: i64 = 10;

/// PostgreSQL, a tier's matches (`$2` its text query) read from a GIN index with `$head`'s
/// extra condition, then the page after the position sorted from them.
macro_rules! postgres_sparse {
    ($head:expr) => {
        concat!(
            "WITH m AS MATERIALIZED (SELECT ",
            track_columns!(),
            ", t.title_lower, t.artist_lower FROM tracks t \
             WHERE t.search_vector @@ to_tsquery('simple', backbeat_unaccent($2))",
            $head,
            ") SELECT t.id, t.uploaded_by, t.title, t.artist, t.album, t.genre, \
                t.duration_secs, t.plays, t.verified, t.status, t.failure_reason, t.cover_key, \
                t.cover_large_key, t.created_at FROM m t WHERE ",
            visible_to_all!(),
            tier_rest!()
        )
    };
}

/// PostgreSQL, a tier with few matches (`$2` its text query): every match from the GIN index,
/// sorted.
pub const POSTGRES_SPARSE: &str = postgres_sparse!("");

/// PostgreSQL, [`POSTGRES_SPARSE`] over the popular head only ([`HEAD_PLAYS`]): at 1M tracks a
/// twentieth of the catalogue, so a four-letter prefix's 2,323 matches are about 130 there
/// (0.25 ms against 3.5 ms for all of them).
pub const POSTGRES_SPARSE_HEAD: &str =
    postgres_sparse!(" AND t.status = 'ready' AND t.plays >= 10");

/// PostgreSQL, a tier with many matches: the popularity index walked from the position, each
/// row's vector checked.
pub const POSTGRES_DENSE: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t WHERE ",
    visible_to_all!(),
    " AND t.search_vector @@ to_tsquery('simple', backbeat_unaccent($2))",
    tier_rest!()
);

/// PostgreSQL, a whole search in one statement: every match, the exact ones included, read once
/// from the text index and the exact-name indexes (at most `$3`); each given its rank, the tier
/// (the same conditions as the tiers' own queries, `$4` and `$5` the title-and-artist and album
/// tiers' text queries) above the plays; the page after the position; and how many matched.
/// Fast while the matches are few: they are all read.
pub const POSTGRES_FEW: &str = concat!(
    "WITH m AS MATERIALIZED (SELECT ",
    track_columns!(),
    ", t.title_lower, t.artist_lower, t.search_vector FROM tracks t \
     WHERE (t.search_vector @@ to_tsquery('simple', backbeat_unaccent($2)) \
            OR t.title_lower = $1 OR t.artist_lower = $1) AND ",
    visible_to_all!(),
    " LIMIT $3), \
     r AS (SELECT m.*, CASE WHEN m.title_lower = $1 OR m.artist_lower = $1 THEN 3 \
                WHEN m.search_vector @@ to_tsquery('simple', backbeat_unaccent($4)) THEN 2 \
                WHEN m.search_vector @@ to_tsquery('simple', backbeat_unaccent($5)) THEN 1 \
                ELSE 0 END * $6 + LEAST(GREATEST(m.plays, 0), $7) AS rank FROM m) \
     SELECT ",
    track_columns!(),
    ", t.rank, (SELECT count(*) FROM m) AS found FROM r t \
     WHERE (t.rank, t.created_at, t.id) < ($8, $9, $10) \
     ORDER BY t.rank DESC, t.created_at DESC, t.id DESC LIMIT $11"
);

/// A row of [`POSTGRES_FEW`].
#[derive(sqlx::FromRow)]
struct FewRow {
    #[sqlx(flatten)]
    track: TrackRow,
    rank: i64,
    found: i64,
}

/// A search read by [`few_matches`].
#[derive(Debug)]
pub struct FewMatches {
    /// The page after the position, each track with its rank.
    pub rows: Vec<(i64, TrackRow)>,
    /// How many tracks match, counted up to [`COUNT_CAP`] + 1 (above the cap, `rows` are not
    /// the page: only some matches were read). `None` when the page after a position is empty.
    pub found: Option<i64>,
}

/// PostgreSQL: up to `limit` matches of `query` after `after` and how many match, in one
/// statement ([`POSTGRES_FEW`]), when no more than [`COUNT_CAP`] do. It replaces the exact
/// tier's query, the count and a query per tier (each a read of the text index) for the words
/// that are not common.
pub async fn few_matches(
    pool: &sqlx::PgPool,
    query: &SearchQuery,
    after: &Position,
    limit: i64,
) -> sqlx::Result<FewMatches> {
    let rows: Vec<FewRow> = sqlx::query_as(POSTGRES_FEW)
        .persistent(WORDS_ARE_CONSTANTS)
        .bind(&query.exact)
        .bind(query.tsquery(None))
        .bind(COUNT_CAP + 1)
        .bind(query.tsquery(Some(Tier::TitleArtist)))
        .bind(query.tsquery(Some(Tier::Album)))
        .bind(TIER_STEP)
        .bind(PLAYS_MASK)
        .bind(after.rank)
        .bind(after.at)
        .bind(&after.id)
        .bind(limit)
        .fetch_all(pool)
        .await?;
    let found = match rows.first() {
        Some(row) => Some(row.found),
        // Nothing at all matched, when nothing comes from the start.
        None if *after == Position::before_descending() => Some(0),
        None => None,
    };
    Ok(FewMatches {
        rows: rows.into_iter().map(|row| (row.rank, row.track)).collect(),
        found,
    })
}

/// How many tracks match (`None`: in any tier), counting at most `cap`. Only ready tracks
/// when `ready_only`; else every row of the text index, which is cheaper.
pub async fn count(
    db: &Db,
    query: &SearchQuery,
    tier: Option<Tier>,
    cap: i64,
    ready_only: bool,
) -> sqlx::Result<i64> {
    match db {
        Db::Sqlite(pool) => {
            let sql = if ready_only {
                // CROSS JOIN keeps the text index outside: left to itself, SQLite may walk
                // every ready track and look each up in the text index (at 1M tracks, 'love'
                // counted that way took 250 ms from a cold cache against 30 ms).
                concat!(
                    "SELECT count(*) FROM (SELECT 1 FROM tracks_search s \
                     CROSS JOIN tracks t ON t.rowid = s.rowid \
                     WHERE s.tracks_search MATCH $1 AND ",
                    visible_to_all!(),
                    " LIMIT $2)"
                )
            } else {
                "SELECT count(*) FROM (SELECT 1 FROM tracks_search \
                 WHERE tracks_search MATCH $1 LIMIT $2)"
            };
            sqlx::query_scalar(sql)
                .bind(query.fts(tier))
                .bind(cap)
                .fetch_one(pool)
                .await
        }
        Db::Postgres(pool) => {
            sqlx::query_scalar(concat!(
                "SELECT count(*) FROM (SELECT 1 FROM tracks t \
                 WHERE t.search_vector @@ to_tsquery('simple', backbeat_unaccent($1)) AND ",
                visible_to_all!(),
                " LIMIT $2) c"
            ))
            .persistent(WORDS_ARE_CONSTANTS)
            .bind(query.tsquery(tier))
            .bind(cap)
            .fetch_one(pool)
            .await
        }
    }
}

/// SQLite: how many of the newest [`PROBE_SAMPLE_ROWS`] rows of the text index match `tier`.
async fn sampled_hits(db: &Db, query: &SearchQuery, tier: Tier) -> sqlx::Result<i64> {
    let Db::Sqlite(pool) = db else {
        return Ok(0);
    };
    sqlx::query_scalar(
        "SELECT count(*) FROM tracks_search WHERE tracks_search MATCH $1 \
         AND rowid > (SELECT max(rowid) FROM tracks) - $2",
    )
    .bind(query.fts(Some(tier)))
    .bind(PROBE_SAMPLE_ROWS)
    .fetch_one(pool)
    .await
}

/// Up to `limit` ready tracks of `tier`, most played first, then newest, after `from`.
/// `head` is the tier's [`head_hits`] from `from` when the caller has it (PostgreSQL).
pub async fn tier_page(
    db: &Db,
    query: &SearchQuery,
    tier: Tier,
    from: &Resume,
    limit: i64,
    head: Option<i64>,
) -> sqlx::Result<Vec<TrackRow>> {
    if tier == Tier::Exact {
        return on_db!(db, pool => sqlx::query_as(EXACT)
            .bind(&query.exact).bind(from.plays).bind(from.at).bind(&from.id).bind(limit)
            .fetch_all(pool).await);
    }
    let plan = plan(db, query, tier, from, head).await?;
    tier_page_by(db, query, tier, from, limit, plan).await
}

/// The plan for a page of `tier`, from how many tracks it holds (public so that a test can
/// check the choice).
pub async fn plan(
    db: &Db,
    query: &SearchQuery,
    tier: Tier,
    from: &Resume,
    head: Option<i64>,
) -> sqlx::Result<Plan> {
    if let Db::Postgres(pool) = db {
        // GIN ignores weights and cannot stop early, so counting a tier costs as much as its
        // word's every match: look at the most popular rows after the position instead.
        let hits = match head {
            Some(hits) => hits,
            None => (head_hits(pool, query, &[tier], from).await?)
                .of(tier)
                .unwrap_or_default(),
        };
        return Ok(if hits >= HEAD_WALK_FROM {
            Plan::Walk
        } else {
            Plan::Sorted
        });
    }
    if count(db, query, Some(tier), DENSE_FROM + 1, false).await? <= DENSE_FROM {
        return Ok(Plan::Sorted);
    }
    let probe = matches!(db, Db::Sqlite(_))
        && tier == Tier::TitleArtist
        && query.last_word_chars() <= LONGEST_INDEXED_PREFIX
        && sampled_hits(db, query, tier).await? >= PROBE_FROM_HITS;
    Ok(if probe { Plan::Probe } else { Plan::Walk })
}

/// [`tier_page`] by the given plan. Every plan answers the same rows; public so that a test can
/// check it.
pub async fn tier_page_by(
    db: &Db,
    query: &SearchQuery,
    tier: Tier,
    from: &Resume,
    limit: i64,
    plan: Plan,
) -> sqlx::Result<Vec<TrackRow>> {
    // The same binds on both: the text query in each backend's syntax. SQLite keeps its prepared
    // statements; PostgreSQL plans these with their words each time (WORDS_ARE_CONSTANTS).
    let (text, persistent) = match db {
        Db::Sqlite(_) => (query.fts(Some(tier)), true),
        Db::Postgres(_) => (query.tsquery(Some(tier)), WORDS_ARE_CONSTANTS),
    };
    let read = async |sql: &'static str| {
        on_db!(db, pool => sqlx::query_as(sql)
            .persistent(persistent)
            .bind(&query.exact).bind(&text)
            .bind(from.plays).bind(from.at).bind(&from.id).bind(limit)
            .fetch_all(pool).await)
    };
    match (db, plan) {
        (Db::Sqlite(_), Plan::Sorted) => read(SQLITE_SPARSE).await,
        (Db::Sqlite(_), Plan::Walk) => read(SQLITE_DENSE).await,
        (Db::Sqlite(_), Plan::Probe) => read(SQLITE_PROBE).await,
        (Db::Postgres(_), Plan::Walk | Plan::Probe) => read(POSTGRES_DENSE).await,
        // The popular head first: when it fills the page, the rest of the matches (all less
        // played) need not be read.
        (Db::Postgres(_), Plan::Sorted) if from.plays >= HEAD_PLAYS => {
            let head: Vec<TrackRow> = read(POSTGRES_SPARSE_HEAD).await?;
            if head.len() as i64 >= limit {
                return Ok(head);
            }
            read(POSTGRES_SPARSE).await
        }
        (Db::Postgres(_), Plan::Sorted) => read(POSTGRES_SPARSE).await,
    }
}
