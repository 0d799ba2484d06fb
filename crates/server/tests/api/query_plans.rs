//! The plans of the pages that must stay fast at a million tracks (beside the listing's, in
//! database.rs): Up Next, the artist page's totals and top tracks, and the track page are index
//! lookups on both backends: no scan of `tracks`, no sort over more than the page's rows.

use backbeat::catalog::artist::store::{ARTIST_HEADER, TOP_TRACKS, VERIFIED_NAME};
use backbeat::catalog::track_page::store::{FIND_VISIBLE, RELATED};
use backbeat::db::{Db, Timestamp};
use backbeat::recommendations::store::{
    POPULAR_IN_GENRE, POPULAR_OF_ARTIST, POSTGRES_NEIGHBOURS, SQLITE_NEIGHBOURS,
};

use crate::helpers::app::spawn_app;

#[derive(Clone, Copy)]
enum Arg<'a> {
    Text(&'a str),
    Int(i64),
    Time(Timestamp),
    /// A list: a JSON array on SQLite (read with `json_each`), an array on PostgreSQL.
    Texts(&'a [&'a str]),
}

/// SQLite's plan: (id, parent, detail) of each node.
type SqlitePlan = Vec<(i64, i64, String)>;

/// The plan of `sql` with `args`: SQLite's nodes, or PostgreSQL's text (with sequential scans
/// off: the test tables are nearly empty, where a scan is cheapest; what matters is whether an
/// index can answer).
async fn explain(db: &Db, sql: &str, args: &[Arg<'_>]) -> Result<SqlitePlan, String> {
    match db {
        Db::Sqlite(pool) => {
            let mut connection = pool.acquire().await.unwrap();
            catalogue_statistics(&mut connection).await;
            let text = format!("EXPLAIN QUERY PLAN {sql}");
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(text));
            for arg in args {
                query = match *arg {
                    Arg::Text(text) => query.bind(text),
                    Arg::Int(number) => query.bind(number),
                    Arg::Time(at) => query.bind(at),
                    Arg::Texts(texts) => query.bind(serde_json::to_string(texts).unwrap()),
                };
            }
            let rows: Vec<(i64, i64, i64, String)> =
                query.fetch_all(&mut *connection).await.unwrap();
            Ok(rows.into_iter().map(|r| (r.0, r.1, r.3)).collect())
        }
        Db::Postgres(pool) => {
            let mut tx = pool.begin().await.unwrap();
            sqlx::query("SET LOCAL enable_seqscan = off")
                .execute(&mut *tx)
                .await
                .unwrap();
            let text = format!("EXPLAIN {sql}");
            let mut query = sqlx::query_scalar(sqlx::AssertSqlSafe(text));
            for arg in args {
                query = match *arg {
                    Arg::Text(text) => query.bind(text),
                    Arg::Int(number) => query.bind(number),
                    Arg::Time(at) => query.bind(at),
                    Arg::Texts(texts) => query.bind(texts.to_vec()),
                };
            }
            let lines: Vec<String> = query.fetch_all(&mut *tx).await.unwrap();
            Err(lines.join("\n"))
        }
    }
}

/// SQLite plans by statistics (`ANALYZE`, which the server runs at start and keeps fresh): on the
/// nearly empty test tables it could tell no index from another, so the connection is given the
/// statistics of a catalogue of a million tracks (50,000 artists, albums of about 10, one status
/// for nearly all), as SQLite's documentation allows, and plans as it would there.
async fn catalogue_statistics(connection: &mut sqlx::SqliteConnection) {
    const STATS: [(&str, &str); 9] = [
        ("tracks_status_created", "1000000 1000000 1 1"),
        ("tracks_uploaded_by_created", "1000000 20 1"),
        ("tracks_status_plays", "1000000 1000000 50 1 1"),
        ("tracks_title_lower", "1000000 3"),
        ("tracks_artist_lower", "1000000 20"),
        ("tracks_ready_genre_plays", "1000000 66666 50 1 1"),
        ("tracks_artist_ready", "1000000 20 20 2 1 1"),
        ("tracks_album_ready", "1000000 10 10 2 1 1"),
        ("tracks_verified_artist", "2000 20 1"),
    ];
    sqlx::query("ANALYZE")
        .execute(&mut *connection)
        .await
        .unwrap();
    sqlx::query("DELETE FROM sqlite_stat1 WHERE tbl = 'tracks'")
        .execute(&mut *connection)
        .await
        .unwrap();
    for (index, stat) in STATS {
        sqlx::query("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('tracks', $1, $2)")
            .bind(index)
            .bind(stat)
            .execute(&mut *connection)
            .await
            .unwrap();
    }
    sqlx::query("ANALYZE sqlite_schema")
        .execute(&mut *connection)
        .await
        .unwrap();
}

/// Checks a SQLite plan: every `searches` line is there, `tracks` is never scanned, and no sort
/// runs right over a read of `tracks` (only over a subquery's few rows).
fn check_sqlite(plan: &SqlitePlan, searches: &[&str]) {
    for search in searches {
        assert!(
            plan.iter().any(|(_, _, detail)| detail.contains(search)),
            "no {search:?}: {plan:#?}"
        );
    }
    assert!(
        !plan
            .iter()
            .any(|(_, _, detail)| detail.starts_with("SCAN t") || detail.contains("SCAN tracks")),
        "tracks is scanned: {plan:#?}"
    );
    for (_, parent, detail) in plan {
        if detail.contains("TEMP B-TREE") {
            assert!(
                !plan
                    .iter()
                    .any(|(_, p, d)| p == parent && d.starts_with("SEARCH t ")),
                "a sort over rows of tracks as read: {plan:#?}"
            );
        }
    }
}

/// Checks a PostgreSQL plan: each index is read, `tracks` is not scanned, nothing is sorted
/// but what a subquery's limit already cut.
fn check_postgres(plan: &str, indexes: &[&str]) {
    for index in indexes {
        assert!(plan.contains(index), "no {index}: {plan}");
    }
    assert!(
        !plan.contains("Seq Scan on tracks"),
        "tracks is scanned: {plan}"
    );
    assert!(
        !plan.contains("Bitmap Heap Scan on tracks"),
        "tracks is read unordered: {plan}"
    );
}

const ID: &str = "0190f0a0-0000-7000-8000-000000000000";

#[tokio::test]
async fn up_next_reads_the_artist_and_album_indexes_in_order() {
    let app = spawn_app().await;
    let args = [
        Arg::Text(ID),
        Arg::Text("Nova Static"),
        Arg::Text("Neon Hours"),
        Arg::Int(5),
    ];
    match explain(&app.db, RELATED, &args).await {
        Ok(plan) => check_sqlite(
            &plan,
            &[
                "INDEX tracks_artist_ready (artist=? AND status=?)",
                "INDEX tracks_album_ready (album=? AND status=?)",
            ],
        ),
        Err(plan) => {
            check_postgres(&plan, &["tracks_artist_ready", "tracks_album_ready"]);
            // Each side stops after the limit, read in index order: the sort above them merges
            // at most twice the limit.
            let lines: Vec<&str> = plan.lines().collect();
            for index in ["tracks_artist_ready", "tracks_album_ready"] {
                let at = lines.iter().position(|l| l.contains(index)).unwrap();
                assert!(
                    lines[at].contains("Index") && lines[at - 1].contains("Limit"),
                    "{index} is not read in order under the limit: {plan}"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_artist_pages_header_and_top_tracks_are_index_lookups() {
    let app = spawn_app().await;
    match explain(&app.db, ARTIST_HEADER, &[Arg::Text("Nova Static")]).await {
        Ok(plan) => check_sqlite(
            &plan,
            &[
                "SEARCH f USING INDEX",
                "SEARCH q USING INDEX profiles_name (name=?)",
                "SEARCH p USING INDEX",
            ],
        ),
        Err(plan) => {
            check_postgres(&plan, &["artist_totals_pkey", "profiles_name"]);
            assert!(!plan.contains("Seq Scan"), "{plan}");
        }
    }
    let args = [
        Arg::Text("Nova Static"),
        Arg::Int(1000),
        Arg::Time(Timestamp::now()),
        Arg::Text(ID),
        Arg::Int(21),
    ];
    match explain(&app.db, TOP_TRACKS, &args).await {
        Ok(plan) => check_sqlite(
            &plan,
            &["tracks_artist_ready (artist=? AND status=? AND (plays,created_at,id)<(?,?,?))"],
        ),
        Err(plan) => {
            check_postgres(&plan, &["tracks_artist_ready"]);
            assert!(!plan.contains("Sort"), "the top tracks are sorted: {plan}");
            assert!(
                plan.lines().any(|line| line.contains("Index Cond:")
                    && line.contains("ROW(plays, created_at, id) < ROW(")),
                "the cursor does not bound the index range: {plan}"
            );
        }
    }
}

#[tokio::test]
async fn an_uploads_verified_name_check_reads_the_index_of_verified_tracks() {
    let app = spawn_app().await;
    let args = [
        Arg::Text("nova static"),
        Arg::Text("nova static"),
        Arg::Text(ID),
    ];
    match explain(&app.db, VERIFIED_NAME, &args).await {
        Ok(plan) => {
            check_sqlite(&plan, &["tracks_verified_artist (artist_lower=?"]);
            assert!(
                !plan
                    .iter()
                    .any(|(_, _, d)| d.contains("tracks_artist_lower")),
                "{plan:#?}"
            );
        }
        Err(plan) => check_postgres(&plan, &["tracks_verified_artist"]),
    }
}

#[tokio::test]
async fn the_track_page_is_primary_key_lookups() {
    let app = spawn_app().await;
    match explain(&app.db, FIND_VISIBLE, &[Arg::Text(ID), Arg::Text(ID)]).await {
        Ok(plan) => check_sqlite(
            &plan,
            &[
                "SEARCH t USING INDEX sqlite_autoindex_tracks_1 (id=?)",
                "SEARCH w USING INDEX sqlite_autoindex_track_waveforms_1 (track_id=?)",
            ],
        ),
        Err(plan) => {
            check_postgres(&plan, &["tracks_pkey", "track_waveforms_pkey"]);
            assert!(!plan.contains("Sort"), "{plan}");
        }
    }
}

#[tokio::test]
async fn recommendations_read_a_genres_and_an_artists_most_played_in_index_order() {
    let app = spawn_app().await;
    let since = Timestamp::now();
    for (sql, value, sqlite_search, index) in [
        (
            POPULAR_IN_GENRE,
            "pop",
            "tracks_ready_genre_plays (<expr>=?)",
            "tracks_ready_genre_plays",
        ),
        (
            POPULAR_OF_ARTIST,
            "Nova Static",
            "tracks_artist_ready (artist=? AND status=?)",
            "tracks_artist_ready",
        ),
    ] {
        let args = [
            Arg::Text(ID),
            Arg::Text(value),
            Arg::Time(since),
            Arg::Int(20),
        ];
        match explain(&app.db, sql, &args).await {
            Ok(plan) => check_sqlite(&plan, &[sqlite_search]),
            Err(plan) => {
                check_postgres(&plan, &[index]);
                assert!(
                    !plan.contains("Sort"),
                    "{index} is not read in order: {plan}"
                );
            }
        }
    }
}

#[tokio::test]
async fn recommendations_read_every_seeds_neighbours_in_one_index_read_each() {
    let app = spawn_app().await;
    let seeds = ["seed-a", "seed-b", "seed-c"];
    let args = [Arg::Texts(&seeds), Arg::Int(30)];
    let sql = match app.db {
        Db::Sqlite(_) => SQLITE_NEIGHBOURS,
        Db::Postgres(_) => POSTGRES_NEIGHBOURS,
    };
    match explain(&app.db, sql, &args).await {
        Ok(plan) => {
            assert!(
                plan.iter().any(|(_, _, detail)| detail.contains(
                    "track_neighbours USING INDEX track_neighbours_track_score (track_id=?)"
                )),
                "the seeds' neighbours are not read from their index: {plan:#?}"
            );
            assert!(
                !plan
                    .iter()
                    .any(|(_, _, detail)| detail.starts_with("SCAN track_neighbours")
                        || detail.starts_with("SCAN track_signal_weights")),
                "a table is scanned: {plan:#?}"
            );
        }
        Err(plan) => {
            assert!(
                plan.contains("track_neighbours_track_score")
                    || plan.contains("track_neighbours_pkey"),
                "the seeds' neighbours are not read from an index: {plan}"
            );
            assert!(!plan.contains("Seq Scan"), "a table is scanned: {plan}");
        }
    }
}

/// SQLite is built (`.cargo/config.toml`) without STAT4, whose samples make it prepare a
/// statement again each time its parameters are bound (each query of a request, and each of
/// FTS5's own term lookups: 42% of the server's time on a common-word search at 200k tracks),
/// and without memory statistics, which take a process-wide mutex on every allocation.
#[tokio::test]
async fn sqlite_is_built_to_prepare_each_statement_once_and_allocate_without_a_global_lock() {
    let app = spawn_app().await;
    let Db::Sqlite(pool) = &app.db else {
        return;
    };
    let options: Vec<String> = sqlx::query_scalar("PRAGMA compile_options")
        .fetch_all(pool)
        .await
        .unwrap();
    assert!(
        !options
            .iter()
            .any(|option| option.starts_with("ENABLE_STAT")),
        "{options:?}"
    );
    assert!(
        options.iter().any(|option| option == "DEFAULT_MEMSTATUS=0"),
        "{options:?}"
    );
}
