//! Search on the text index: tiers and popularity, diacritics, prefixes, the index kept in sync
//! with the tracks, pages, the count, and the plans of its queries.

use std::collections::HashSet;

use backbeat::catalog::browse::service::list_tracks;
use backbeat::catalog::search::facts::{Facts, SearchFacts};
use backbeat::catalog::search::index as search_index;
use backbeat::catalog::search::query::{PLAYS_MASK, Resume, SearchQuery, TIER_STEP, Tier};
use backbeat::catalog::search::{self as search_sql, Plan, tier_page_by};
use backbeat::db::page::PageRequest;
use backbeat::db::{Db, Timestamp};
use serde_json::Value;

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::get;
use crate::helpers::seed::{Seed, insert_track};

fn titles(tracks: &Value) -> Vec<String> {
    tracks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect()
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

async fn search_page(app: &TestApp, token: &str, q: &str) -> Value {
    get(app, &format!("/tracks?q={}&limit=100", urlencode(q)), token).await
}

async fn search(app: &TestApp, token: &str, q: &str) -> Vec<String> {
    titles(&search_page(app, token, q).await["tracks"])
}

/// Every page of a search of `limit` tracks, following `next_cursor`.
async fn all_pages(app: &TestApp, token: &str, q: &str, limit: u32) -> Vec<Vec<String>> {
    let path = format!("/tracks?q={}&limit={limit}", urlencode(q));
    let mut pages = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let url = match &cursor {
            Some(cursor) => format!("{path}&cursor={cursor}"),
            None => path.clone(),
        };
        let page = get(app, &url, token).await;
        pages.push(titles(&page["tracks"]));
        match page["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return pages,
        }
        assert!(pages.len() < 100, "the pages never end");
    }
}

async fn seed(
    app: &TestApp,
    user: &str,
    (title, artist, album, genre, plays): (&str, &str, Option<&str>, Option<&str>, i64),
) -> String {
    insert_track(
        app,
        Seed {
            album,
            genre,
            plays,
            ..Seed::ready(user, title, artist)
        },
    )
    .await
}

async fn execute(app: &TestApp, sql: &'static str, binds: &[&str]) {
    backbeat::on_db!(&app.db, pool => {
        let mut query = sqlx::query(sql);
        for bind in binds {
            query = query.bind(*bind);
        }
        query.execute(pool).await.unwrap();
    });
}

#[tokio::test]
async fn exact_matches_then_title_or_artist_then_album_then_genre_most_played_first() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    for track in [
        ("In Genre", "Kai", None, Some("Neon Pop"), 9_999),
        ("On Album", "Kai", Some("Neon Nights"), None, 1_000),
        ("Neon Lights", "Mira", None, None, 5),
        ("Glow", "Neon", None, None, 1),
        ("Dreams", "Neon Club", None, None, 50),
        ("Neon", "Zed", None, None, 0),
        ("Unrelated", "Kai", Some("Lights"), Some("Pop"), 100_000),
    ] {
        seed(&app, &user, track).await;
    }

    assert_eq!(
        search(&app, &token, "neon").await,
        [
            "Glow",
            "Neon",
            "Dreams",
            "Neon Lights",
            "On Album",
            "In Genre"
        ]
    );
    // Every word must match, the last as a prefix; the others whole.
    assert_eq!(search(&app, &token, "neon li").await, ["Neon Lights"]);
    assert_eq!(
        search(&app, &token, "neo lights").await,
        Vec::<String>::new()
    );
    // Words may match across the title, artist, album and genre.
    assert_eq!(
        search(&app, &token, "kai neon").await,
        ["On Album", "In Genre"]
    );
}

#[tokio::test]
async fn diacritics_are_ignored_both_ways() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    seed(&app, &user, ("Halo", "Beyoncé", None, None, 2)).await;
    seed(&app, &user, ("Beyonce Medley", "Kai", None, None, 1)).await;
    seed(
        &app,
        &user,
        ("Café del Mar", "Energy 52", None, Some("Électro"), 0),
    )
    .await;

    assert_eq!(
        search(&app, &token, "Beyonce").await,
        ["Halo", "Beyonce Medley"]
    );
    assert_eq!(
        search(&app, &token, "BEYONCÉ").await,
        ["Halo", "Beyonce Medley"]
    );
    assert_eq!(search(&app, &token, "cafe").await, ["Café del Mar"]);
    assert_eq!(search(&app, &token, "electro").await, ["Café del Mar"]);
}

#[tokio::test]
async fn the_last_word_matches_as_a_prefix_while_typing() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    seed(
        &app,
        &user,
        ("Night Drive", "Kai", None, Some("Synthwave"), 0),
    )
    .await;
    seed(&app, &user, ("Synthetic", "Mira", None, None, 3)).await;

    assert_eq!(
        search(&app, &token, "synt").await,
        ["Synthetic", "Night Drive"]
    );
    assert_eq!(
        search(&app, &token, "s").await,
        ["Synthetic", "Night Drive"]
    );
    assert_eq!(search(&app, &token, "synthw").await, ["Night Drive"]);
    // A prefix of a word, never a piece inside one.
    assert!(search(&app, &token, "wave").await.is_empty());
    assert!(search(&app, &token, "%").await.is_empty());
}

#[tokio::test]
async fn the_index_follows_inserts_edits_status_changes_and_deletes() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let id = seed(&app, &user, ("Old Name", "Kai", None, None, 0)).await;
    assert_eq!(search(&app, &token, "old name").await, ["Old Name"]);

    execute(
        &app,
        "UPDATE tracks SET title = $2, title_lower = lower($2), album = 'Fresh Album' WHERE id = $1",
        &[&id, "New Name"],
    )
    .await;
    assert!(search(&app, &token, "old").await.is_empty());
    assert_eq!(search(&app, &token, "new name").await, ["New Name"]);
    assert_eq!(search(&app, &token, "fresh").await, ["New Name"]);

    execute(
        &app,
        "UPDATE tracks SET status = 'failed' WHERE id = $1",
        &[&id],
    )
    .await;
    assert!(search(&app, &token, "new").await.is_empty());
    execute(
        &app,
        "UPDATE tracks SET status = 'ready', plays = 7 WHERE id = $1",
        &[&id],
    )
    .await;
    assert_eq!(search(&app, &token, "new").await, ["New Name"]);

    execute(&app, "DELETE FROM tracks WHERE id = $1", &[&id]).await;
    assert!(search(&app, &token, "new").await.is_empty());
    let after = seed(&app, &user, ("New Again", "Kai", None, None, 0)).await;
    assert_eq!(search(&app, &token, "new").await, ["New Again"]);
    assert!(!after.is_empty());
}

#[tokio::test]
async fn merging_the_text_index_into_one_segment_keeps_every_match() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    // Each insert is a transaction of its own: on SQLite, a segment of the index each.
    for n in 0..6 {
        seed(&app, &user, (&format!("Lantern {n}"), "Kai", None, None, n)).await;
    }
    let edited = seed(&app, &user, ("Old Lantern", "Kai", None, None, 9)).await;
    execute(
        &app,
        "UPDATE tracks SET title = 'Ember', title_lower = 'ember' WHERE id = $1",
        &[&edited],
    )
    .await;
    let before = search(&app, &token, "lant").await;
    assert_eq!(before.len(), 6, "{before:?}");

    let steps = search_index::merge_segments(&app.db).await.unwrap();

    match &app.db {
        // The app's housekeeping merges at start too and may have got there first, so the
        // steps taken here can be none: what must hold is one segment left.
        Db::Sqlite(_) => assert_eq!(
            search_index::segments(&app.db).await.unwrap(),
            1,
            "{steps} merge steps"
        ),
        // GIN needs no merging.
        Db::Postgres(_) => assert_eq!(steps, 0),
    }
    assert_eq!(search(&app, &token, "lant").await, before);
    assert_eq!(search(&app, &token, "ember").await, ["Ember"]);
    assert!(search(&app, &token, "old lantern").await.is_empty());
    assert_eq!(
        search_index::merge_segments(&app.db).await.unwrap(),
        0,
        "one segment is left as it is"
    );
}

#[tokio::test]
async fn pages_of_a_search_hold_every_match_once_across_tiers_and_ties() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let start = Timestamp::now() - chrono::Duration::hours(1);
    for i in 0..23_i64 {
        let title = format!("Wave {i:02}");
        let (album, genre, title) = match i % 3 {
            0 => (None, None, title),
            1 => (Some("Wave Album"), None, format!("A{i:02}")),
            _ => (None, Some("Wave Pop"), format!("G{i:02}")),
        };
        insert_track(
            &app,
            Seed {
                album,
                genre,
                plays: i % 4,
                // Pairs share a time, so the id breaks ties of plays and time.
                created_at: start + chrono::Duration::seconds(i / 2),
                ..Seed::ready(&user, &title, "Kai")
            },
        )
        .await;
    }

    let whole = search(&app, &token, "wave").await;
    let pages = all_pages(&app, &token, "wave", 4).await;

    assert_eq!(whole.len(), 23);
    assert_eq!(pages.len(), 6);
    let listed = pages.concat();
    assert_eq!(listed, whole);
    assert_eq!(listed.iter().collect::<HashSet<_>>().len(), 23);
    let tier = |t: &String| match t.chars().next() {
        Some('W') => 0,
        Some('A') => 1,
        _ => 2,
    };
    assert!(listed.windows(2).all(|w| tier(&w[0]) <= tier(&w[1])));
}

/// Every page of a search of `size` tracks read by `list_tracks` with `facts`, as ids.
async fn listed_pages(db: &Db, facts: &SearchFacts, q: &str, size: u32) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut request = PageRequest::first(size);
    loop {
        let listing = list_tracks(db, facts, Some(q), &request).await.unwrap();
        pages.push(
            listing
                .page
                .items
                .iter()
                .map(|t| t.id.to_string())
                .collect(),
        );
        match listing.page.next_cursor {
            Some(next) => request = PageRequest::parse(Some(&next), Some(i64::from(size))).unwrap(),
            None => return pages,
        }
        assert!(pages.len() < 100, "the pages never end");
    }
}

/// PostgreSQL reads a search with few matches in one statement and a common one tier by tier
/// (SQLite always by tier): both give the same pages, exact names first, ties broken the same way.
#[tokio::test]
async fn a_search_read_whole_and_read_by_tier_gives_the_same_pages() {
    let app = spawn_app().await;
    let (user, _) = app.user("Ana").await;
    let start = Timestamp::now() - chrono::Duration::hours(1);
    for i in 0..17_i64 {
        let (title, artist, album, genre) = match i % 4 {
            0 => (format!("Tide {i:02}"), "Kai", None, None),
            1 => (format!("A{i:02}"), "Kai", Some("Tide Album"), None),
            2 => (format!("G{i:02}"), "Kai", None, Some("Tide Pop")),
            _ => ("Tide".to_owned(), "Other", None, None),
        };
        insert_track(
            &app,
            Seed {
                album,
                genre,
                plays: i % 3,
                created_at: start + chrono::Duration::seconds(i / 2),
                ..Seed::ready(&user, &title, artist)
            },
        )
        .await;
    }
    // Not a match: another word that starts alike is not in this query's words.
    seed(&app, &user, ("Low Tides Away", "Kai", None, None, 9)).await;

    let key = SearchQuery::parse("tide kai").unwrap().fts(None);
    let by_tier = SearchFacts::default();
    by_tier.put(
        &key,
        Facts {
            plans: Vec::new(),
            over_cap: true,
        },
    );
    for size in [3, 5, 50] {
        let whole = listed_pages(&app.db, &SearchFacts::default(), "tide kai", size).await;
        let tiered = listed_pages(&app.db, &by_tier, "tide kai", size).await;
        assert_eq!(whole, tiered, "pages of {size}");
        assert_eq!(whole.concat().len(), 13, "pages of {size}");
    }
    let exact = listed_pages(&app.db, &SearchFacts::default(), "tide", 50).await;
    let exact_by_tier = {
        let facts = SearchFacts::default();
        facts.put(
            &SearchQuery::parse("tide").unwrap().fts(None),
            Facts {
                plans: Vec::new(),
                over_cap: true,
            },
        );
        listed_pages(&app.db, &facts, "tide", 50).await
    };
    assert_eq!(exact, exact_by_tier);
    assert_eq!(exact[0].len(), 18);
}

/// `n` copies of the track `source`, each its own id, straight into `tracks` (as a bulk
/// generator would).
async fn copies(app: &TestApp, source: &str, n: i64, batch: &str) {
    const COPIES: &str = "INSERT INTO tracks (id, uploaded_by, title, artist, album, genre, \
            title_lower, artist_lower, search_text, duration_secs, plays, verified, status, \
            audio_key, audio_content_type, audio_size_bytes, lossless_source, created_at, \
            updated_at) \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) \
         SELECT s.id || '-' || $3 || CAST(n.i AS TEXT), s.uploaded_by, s.title, s.artist, s.album, \
            s.genre, s.title_lower, s.artist_lower, s.search_text, s.duration_secs, n.i, \
            s.verified, s.status, s.audio_key, s.audio_content_type, s.audio_size_bytes, \
            s.lossless_source, s.created_at, s.updated_at \
         FROM tracks s CROSS JOIN n WHERE s.id = $1";
    backbeat::on_db!(&app.db, pool => sqlx::query(COPIES)
        .bind(source).bind(n).bind(batch).execute(pool).await.map(drop).unwrap());
}

#[tokio::test]
async fn a_search_counts_its_matches_exactly_up_to_1000_then_says_1000_or_more() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let source = seed(&app, &user, ("Echo", "Kai", None, None, 0)).await;
    seed(&app, &user, ("Echoes", "Mira", None, None, 0)).await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&user, "Echo Draft", "Kai")
        },
    )
    .await;

    let listing = get(&app, "/tracks", &token).await;
    assert_eq!(listing["total"], Value::Null);
    assert_eq!(listing["total_is_lower_bound"], false);
    let few = search_page(&app, &token, "echo").await;
    assert_eq!(
        (few["total"].as_i64(), few["total_is_lower_bound"].as_bool()),
        (Some(2), Some(false))
    );
    let none = search_page(&app, &token, "silence").await;
    assert_eq!(none["total"], 0);

    copies(&app, &source, 998, "a").await;
    let thousand = search_page(&app, &token, "echo").await;
    assert_eq!(thousand["total"], 1000);
    assert_eq!(thousand["total_is_lower_bound"], false);

    copies(&app, &source, 1, "b").await;
    let more = search_page(&app, &token, "ech").await;
    assert_eq!(more["total"], 1000);
    assert_eq!(more["total_is_lower_bound"], true);
    // Exact matches first, the most played first: the copies have 1 to 998 plays.
    assert_eq!(more["tracks"][0]["title"], "Echo");
    assert_eq!(more["tracks"][0]["plays"], 998);
    assert_eq!(more["tracks"].as_array().unwrap().len(), 100);
}

/// A search asked again reuses what the last one learnt of its plans and of a count past 1,000
/// (`search_facts`), but its pages are read afresh: new matches, new play counts.
#[tokio::test]
async fn a_search_asked_again_shows_the_catalog_as_it_is_now() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let source = seed(&app, &user, ("Rain Song", "Kai", None, None, 0)).await;
    let first = search_page(&app, &token, "rain").await;
    assert_eq!(titles(&first["tracks"]), ["Rain Song"]);
    assert_eq!(first["total"], 1);

    // Far more matches than the plan chosen for one was made for.
    copies(&app, &source, search_sql::DENSE_FROM + 1, "a").await;
    let many = search_page(&app, &token, "rain").await;
    assert_eq!(many["total"], 1000);
    assert_eq!(many["total_is_lower_bound"], true);
    let top = search_sql::DENSE_FROM + 1;
    assert_eq!(
        many["tracks"][0]["plays"], top,
        "the most played copy first"
    );

    execute(
        &app,
        "UPDATE tracks SET plays = 99999 WHERE id = $1",
        &[&source],
    )
    .await;
    seed(&app, &user, ("Rain", "Mira", None, None, 0)).await;
    let again = search_page(&app, &token, "rain").await;
    assert_eq!(
        again["tracks"][0]["title"], "Rain",
        "the new exact match first"
    );
    assert_eq!(
        again["tracks"][1]["plays"], 99999,
        "then the new most played"
    );
    assert_eq!(again["total_is_lower_bound"], true);
}

#[tokio::test]
async fn walking_the_popularity_index_and_sorting_the_matches_give_the_same_pages() {
    let app = spawn_app().await;
    let (user, _) = app.user("Ana").await;
    let source = seed(
        &app,
        &user,
        ("Rain Song", "Kai", Some("Rain Album"), None, 0),
    )
    .await;
    copies(&app, &source, 40, "a").await;
    seed(&app, &user, ("Storm", "Kai", Some("Rain Album"), None, 3)).await;
    seed(&app, &user, ("Drizzle", "Kai", None, Some("Rainy Pop"), 3)).await;
    let query = SearchQuery::parse("rain").unwrap();

    for tier in [Tier::TitleArtist, Tier::Album, Tier::Genre] {
        let mut from = Resume::start_of(tier);
        let mut pages = 0;
        loop {
            let page = |plan| tier_page_by(&app.db, &query, tier, &from, 7, plan);
            let ids = |rows: &[backbeat::catalog::track::TrackRow]| {
                rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>()
            };
            let sorted = page(Plan::Sorted).await.unwrap();
            let walked = page(Plan::Walk).await.unwrap();
            let probed = page(Plan::Probe).await.unwrap();
            assert_eq!(ids(&walked), ids(&sorted), "{tier:?} after {from:?}");
            assert_eq!(ids(&probed), ids(&sorted), "{tier:?} after {from:?}");
            let Some(last) = sorted.last() else { break };
            from = Resume {
                tier,
                plays: last.plays,
                at: last.created_at,
                id: last.id.to_string(),
            };
            pages += 1;
        }
        assert!(pages >= 1, "{tier:?} found nothing");
    }
}

/// Which plan a tier's page gets: few matches are sorted; thousands, most of the newest rows
/// among them, are walked (on SQLite, each walked row looked up in the text index).
#[tokio::test]
async fn a_tier_with_thousands_of_matches_is_walked_and_few_are_sorted() {
    let app = spawn_app().await;
    let (user, _) = app.user("Ana").await;
    let source = seed(&app, &user, ("Rain Song", "Kai", None, None, 0)).await;
    seed(&app, &user, ("Drizzle", "Kai", None, Some("Rainy Pop"), 3)).await;
    let rain = SearchQuery::parse("rain").unwrap();
    let plan = async |tier| {
        search_sql::plan(&app.db, &rain, tier, &Resume::start_of(tier), None)
            .await
            .unwrap()
    };
    assert_eq!(plan(Tier::TitleArtist).await, Plan::Sorted);

    copies(&app, &source, search_sql::DENSE_FROM + 1, "a").await;
    let dense = match app.db {
        // Every row of the sample matches the title.
        Db::Sqlite(_) => Plan::Probe,
        // PostgreSQL looks at the most played rows after the position.
        Db::Postgres(_) => Plan::Walk,
    };
    assert_eq!(plan(Tier::TitleArtist).await, dense);
    assert_eq!(plan(Tier::Genre).await, Plan::Sorted);
}

/// The plans of a search's queries: the sorting plan reads the text index, the walking plans the
/// popularity index and the text index, never the whole table.
#[tokio::test]
async fn search_queries_use_the_text_index_or_the_popularity_index() {
    let app = spawn_app().await;
    let query = SearchQuery::parse("love").unwrap();
    let at = Timestamp::now();
    match &app.db {
        Db::Sqlite(pool) => {
            for (sql, wanted) in [
                (
                    search_sql::SQLITE_SPARSE,
                    "tracks_search VIRTUAL TABLE INDEX 0:M",
                ),
                (
                    search_sql::SQLITE_DENSE,
                    "INDEX tracks_status_plays (status=? AND (plays,created_at,id)<(?,?,?))",
                ),
                (
                    search_sql::SQLITE_DENSE,
                    "tracks_search VIRTUAL TABLE INDEX 0:M",
                ),
                (
                    search_sql::SQLITE_PROBE,
                    "INDEX tracks_status_plays (status=? AND (plays,created_at,id)<(?,?,?))",
                ),
                // Each row walked is looked up in the text index by its rowid.
                (search_sql::SQLITE_PROBE, "VIRTUAL TABLE INDEX 0:=M"),
            ] {
                let plan: Vec<(i64, i64, i64, String)> =
                    sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {sql}")))
                        .bind(&query.exact)
                        .bind(query.fts(Some(Tier::Album)))
                        .bind(5_i64)
                        .bind(at)
                        .bind("x")
                        .bind(51_i64)
                        .fetch_all(pool)
                        .await
                        .unwrap();
                let plan: Vec<String> = plan.into_iter().map(|row| row.3).collect();
                assert!(
                    plan.iter().any(|l| l.contains(wanted)),
                    "{wanted}: {plan:#?}"
                );
                assert!(
                    !plan
                        .iter()
                        .any(|l| l.starts_with("SCAN t ") || l == "SCAN t"),
                    "{plan:#?}"
                );
            }
        }
        Db::Postgres(pool) => {
            // The head's statement states the partial index's predicate, so that the planner
            // can use the index (and with the constant the code compares to).
            assert!(
                search_sql::POSTGRES_SPARSE_HEAD
                    .contains(&format!("t.plays >= {}", search_sql::HEAD_PLAYS))
            );
            for (sql, wanted) in [
                (search_sql::POSTGRES_SPARSE, "tracks_search_vector"),
                (search_sql::POSTGRES_DENSE, "tracks_status_plays"),
            ] {
                let mut tx = pool.begin().await.unwrap();
                // The test table is nearly empty, where a sequential scan is cheapest; and
                // reading all of it through the status index next. What matters is which index
                // can answer the condition.
                let walks = sql == search_sql::POSTGRES_DENSE;
                for setting in ["enable_seqscan", "enable_indexscan"]
                    .into_iter()
                    .take(if walks { 1 } else { 2 })
                {
                    sqlx::query(sqlx::AssertSqlSafe(format!("SET LOCAL {setting} = off")))
                        .execute(&mut *tx)
                        .await
                        .unwrap();
                }
                let plan: Vec<String> =
                    sqlx::query_scalar(sqlx::AssertSqlSafe(format!("EXPLAIN {sql}")))
                        .bind(&query.exact)
                        .bind(query.tsquery(Some(Tier::Album)))
                        .bind(5_i64)
                        .bind(at)
                        .bind("x")
                        .bind(51_i64)
                        .fetch_all(&mut *tx)
                        .await
                        .unwrap();
                assert!(
                    plan.iter().any(|l| l.contains(wanted)),
                    "{wanted}: {plan:#?}"
                );
            }
            // A whole search reads the text index and the exact-name indexes together: planned
            // on a table of a few thousand tracks with statistics, where the status index alone
            // would be a scan of nearly all of it.
            let (user, _) = app.user("Ana").await;
            let source = seed(&app, &user, ("Rain Song", "Kai", None, None, 0)).await;
            copies(&app, &source, 3_000, "a").await;
            sqlx::query("ANALYZE tracks").execute(pool).await.unwrap();
            let mut tx = pool.begin().await.unwrap();
            let start = backbeat::db::page::Position::before_descending();
            let plan: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "EXPLAIN {}",
                search_sql::POSTGRES_FEW
            )))
            .bind(&query.exact)
            .bind(query.tsquery(None))
            .bind(1_001_i64)
            .bind(query.tsquery(Some(Tier::TitleArtist)))
            .bind(query.tsquery(Some(Tier::Album)))
            .bind(TIER_STEP)
            .bind(PLAYS_MASK)
            .bind(start.rank)
            .bind(start.at)
            .bind(&start.id)
            .bind(51_i64)
            .fetch_all(&mut *tx)
            .await
            .unwrap();
            for index in [
                "tracks_search_vector",
                "tracks_title_lower",
                "tracks_artist_lower",
            ] {
                assert!(plan.iter().any(|l| l.contains(index)), "{index}: {plan:#?}");
            }
            // The popular head is read from its own index, not from the popularity index (nearly
            // every copy has been played at least HEAD_PLAYS times) nor the whole text index.
            let head: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "EXPLAIN {}",
                search_sql::POSTGRES_SPARSE_HEAD
            )))
            .bind(&query.exact)
            .bind(query.tsquery(Some(Tier::TitleArtist)))
            .bind(start.rank)
            .bind(start.at)
            .bind(&start.id)
            .bind(51_i64)
            .fetch_all(&mut *tx)
            .await
            .unwrap();
            assert!(
                head.iter()
                    .any(|l| l.contains("Bitmap Index Scan on tracks_search_vector_head")),
                "{head:#?}"
            );
        }
    }
}

/// PostgreSQL plans a search's statements with the query's words each time, as `psql` does: a
/// statement the connection kept would be planned generically after its fifth run, parsing the
/// text query again for every row checked and planning a common word as a rare one.
#[tokio::test]
async fn search_statements_are_planned_with_their_words_every_time() {
    let app = spawn_app().await;
    let Db::Postgres(pool) = &app.db else {
        return; // SQLite plans each run of a prepared statement with its values.
    };
    let (user, _) = app.user("Ana").await;
    seed(
        &app,
        &user,
        ("Rain Song", "Kai", Some("Rain Album"), None, 2),
    )
    .await;
    seed(&app, &user, ("Storm", "Kai", Some("Rain Album"), None, 1)).await;
    seed(&app, &user, ("Drizzle", "Kai", None, Some("Rainy Pop"), 3)).await;
    // One connection, so that the statements it keeps are the ones the searches sent.
    let one = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect_with((*pool.connect_options()).clone())
        .await
        .unwrap();
    let db = Db::Postgres(one.clone());
    let query = SearchQuery::parse("rain").unwrap();
    let start = backbeat::db::page::Position::before_descending();
    for _ in 0..7 {
        let few = search_sql::few_matches(&one, &query, &start, 51)
            .await
            .unwrap();
        assert_eq!((few.rows.len(), few.found), (3, Some(3)));
        assert_eq!(
            search_sql::count(&db, &query, None, 1_001, true)
                .await
                .unwrap(),
            3
        );
        for tier in [Tier::TitleArtist, Tier::Album, Tier::Genre] {
            let from = Resume::start_of(tier);
            search_sql::plan(&db, &query, tier, &from, None)
                .await
                .unwrap();
            for plan in [Plan::Sorted, Plan::Walk] {
                let rows = tier_page_by(&db, &query, tier, &from, 7, plan)
                    .await
                    .unwrap();
                assert_eq!(rows.len(), 1, "{tier:?} {plan:?}");
            }
        }
    }
    let kept: Vec<String> = sqlx::query_scalar(
        "SELECT statement FROM pg_prepared_statements \
         WHERE statement LIKE '%to_tsquery(%' AND statement NOT LIKE '%pg_prepared_statements%'",
    )
    .fetch_all(&one)
    .await
    .unwrap();
    assert!(kept.is_empty(), "kept and planned generically: {kept:#?}");
}

/// PostgreSQL's text index puts a new track's words in their place as the track is written, not
/// in a pending list that every search would read through (migration 0014).
#[tokio::test]
async fn the_text_index_keeps_no_pending_list_for_searches_to_read() {
    let app = spawn_app().await;
    let Db::Postgres(pool) = &app.db else {
        return; // SQLite's FTS5 segments are merged by housekeeping (another test).
    };
    let options: Option<Vec<String>> = sqlx::query_scalar(
        "SELECT reloptions::text[] FROM pg_class WHERE relname = 'tracks_search_vector'",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(options, Some(vec!["fastupdate=off".to_owned()]));
}
