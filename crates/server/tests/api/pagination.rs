//! Every list of `/api/v1` comes in keyset pages: `limit` items (50 by default, never more than
//! the list's maximum), and a `next_cursor` that continues exactly where the page stopped, null
//! on the last page; a cursor that is not ours is 400 `invalid_cursor`. Rows are seeded with
//! SQL, many sharing a timestamp (or a rank), so the id must break the ties.

use std::cmp::Reverse;

use backbeat::db::{Db, Timestamp};

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{assert_api_error, call, get};
use crate::helpers::seed::{Seed, insert_track};

/// Items per page unless asked, and at most, of the lists other than the liked ids.
const DEFAULT: usize = 50;
const MAX: usize = 100;

/// A list endpoint: its path (a query string allowed) and the field holding its items.
struct List<'a> {
    path: String,
    field: &'a str,
}

impl List<'_> {
    fn with(&self, params: &str) -> String {
        let separator = if self.path.contains('?') { '&' } else { '?' };
        format!("{}{separator}{params}", self.path)
    }

    /// The ids of a page's items (an item that is a string is its own id) and its cursor.
    async fn page(
        &self,
        app: &TestApp,
        token: &str,
        params: &str,
    ) -> (Vec<String>, Option<String>) {
        let page = get(app, &self.with(params), token).await;
        let ids = page[self.field]
            .as_array()
            .unwrap_or_else(|| panic!("no {} in {page}", self.field))
            .iter()
            .map(|item| item.as_str().or(item["id"].as_str()).unwrap().to_owned())
            .collect();
        (ids, page["next_cursor"].as_str().map(str::to_owned))
    }

    /// Checks the list's pages against `expected`, all of its items in order (more than
    /// `max`): the default page size, the clamp to `max`, walking it `step` items at a time,
    /// and a garbage cursor.
    async fn assert_pages(
        &self,
        app: &TestApp,
        token: &str,
        expected: &[String],
        (default, max): (usize, usize),
        step: usize,
    ) {
        assert!(expected.len() > max, "seed more than a page");
        let (first, cursor) = self.page(app, token, "").await;
        assert_eq!(first, expected[..default], "the default page");
        assert!(cursor.is_some(), "more follow the default page");

        let (most, cursor) = self.page(app, token, &format!("limit={}", max * 10)).await;
        assert_eq!(
            most,
            expected[..max],
            "a limit above the maximum is clamped"
        );
        let cursor = cursor.expect("more follow the largest page");
        let (next, _) = self
            .page(app, token, &format!("limit=1&cursor={cursor}"))
            .await;
        assert_eq!(
            next,
            expected[max..=max],
            "the next page continues where it stopped"
        );

        let mut walked: Vec<String> = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let params = match &cursor {
                Some(cursor) => format!("limit={step}&cursor={cursor}"),
                None => format!("limit={step}"),
            };
            let (items, next) = self.page(app, token, &params).await;
            walked.extend(items.iter().cloned());
            match next {
                Some(next) => {
                    assert_eq!(items.len(), step, "a page before the last is full");
                    cursor = Some(next);
                }
                None => break,
            }
        }
        assert_eq!(walked, expected, "the pages hold every item once, in order");

        let garbage = self.with("cursor=bm9wZQ");
        let response = call(app, reqwest::Method::GET, &garbage, token, None).await;
        assert_api_error(response, 400, "invalid_cursor").await;

        // Any whole number is a limit (clamped), and an empty cursor is the first page.
        let (from_empty, _) = self.page(app, token, "cursor=").await;
        assert_eq!(
            from_empty,
            expected[..default],
            "an empty cursor is the first page"
        );
        let (one, _) = self.page(app, token, "limit=-5").await;
        assert_eq!(one, expected[..1], "a limit below 1 is 1");
        let (huge, _) = self.page(app, token, "limit=99999999999").await;
        assert_eq!(huge, expected[..max], "a limit past 32 bits is clamped too");
    }
}

/// Runs `sql` once per row in one transaction, each row's values bound in order.
async fn insert_rows(db: &Db, sql: &'static str, rows: Vec<Row>) {
    let mut tx = db.begin().await.unwrap();
    for row in rows {
        backbeat::on_tx!(&mut tx, conn => {
            let mut query = sqlx::query(sql);
            for value in row {
                query = match value {
                    Bind::Text(text) => query.bind(text),
                    Bind::Int(n) => query.bind(n),
                    Bind::At(at) => query.bind(at),
                };
            }
            query.execute(conn).await.unwrap();
        });
    }
    tx.commit().await.unwrap();
}

enum Bind {
    Text(String),
    Int(i64),
    At(Timestamp),
}

type Row = Vec<Bind>;

/// A copy of a seeded track with its own id, album, plays and upload time.
const COPY_TRACK: &str = "INSERT INTO tracks (id, uploaded_by, title, artist, album, genre, \
        title_lower, artist_lower, search_text, duration_secs, plays, verified, status, \
        audio_key, audio_content_type, audio_size_bytes, lossless_source, created_at, updated_at) \
     SELECT $2, uploaded_by, title, artist, $3, genre, title_lower, artist_lower, search_text, \
        duration_secs, $4, verified, status, audio_key, audio_content_type, audio_size_bytes, \
        lossless_source, $5, $5 \
     FROM tracks WHERE id = $1";

/// What a copy of a track differs in.
struct TrackCopy {
    id: String,
    album: String,
    plays: i64,
    created_at: Timestamp,
}

/// `n` copies of `source`: the album named by `album(i)`, plays `i % 4` and upload times in
/// groups of three.
async fn copies(
    app: &TestApp,
    source: &str,
    n: usize,
    album: impl Fn(usize) -> String,
) -> Vec<TrackCopy> {
    let start = Timestamp::now() - chrono::Duration::hours(2);
    let copies: Vec<TrackCopy> = (0..n)
        .map(|i| TrackCopy {
            id: uuid::Uuid::now_v7().to_string(),
            album: album(i),
            plays: (i % 4) as i64,
            created_at: start + chrono::Duration::seconds((i / 3) as i64),
        })
        .collect();
    let rows = copies
        .iter()
        .map(|c| {
            vec![
                Bind::Text(source.to_owned()),
                Bind::Text(c.id.clone()),
                Bind::Text(c.album.clone()),
                Bind::Int(c.plays),
                Bind::At(c.created_at),
            ]
        })
        .collect();
    insert_rows(&app.db, COPY_TRACK, rows).await;
    copies
}

/// The ids of `items` sorted by `key`.
fn ordered<T, K: Ord>(
    items: &[T],
    key: impl Fn(&T) -> K,
    id: impl Fn(&T) -> String,
) -> Vec<String> {
    let mut sorted: Vec<&T> = items.iter().collect();
    sorted.sort_by_key(|item| key(item));
    sorted.into_iter().map(id).collect()
}

fn newest_first(copies: &[TrackCopy]) -> Vec<String> {
    ordered(
        copies,
        |c| Reverse((c.created_at, c.id.clone())),
        |c| c.id.clone(),
    )
}

#[tokio::test]
async fn my_uploads_come_in_pages_newest_first() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let (bo, _) = app.user("Bo").await;
    // Uploads in every state are listed; the original is the newest.
    let source_at = Timestamp::now();
    let source = insert_track(
        &app,
        Seed {
            status: "processing",
            created_at: source_at,
            ..Seed::ready(&ana, "Demo", "Ana")
        },
    )
    .await;
    let mut copies = copies(&app, &source, MAX, |_| "Tides".into()).await;
    insert_track(&app, Seed::ready(&bo, "Not mine", "Bo")).await;
    copies.push(TrackCopy {
        id: source,
        album: String::new(),
        plays: 0,
        created_at: source_at,
    });

    let list = List {
        path: "/me/tracks".into(),
        field: "tracks",
    };

    list.assert_pages(&app, &token, &newest_first(&copies), (DEFAULT, MAX), 7)
        .await;
}

#[tokio::test]
async fn liked_tracks_and_liked_ids_come_in_pages_newest_like_first() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, token) = app.user("Bo").await;
    let source = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let tracks = copies(&app, &source, 1001, |_| "Tides".into()).await;
    // Liked in an order of their own, in groups of five at one instant.
    let start = Timestamp::now() - chrono::Duration::hours(1);
    let likes: Vec<(String, Timestamp)> = tracks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            (
                t.id.clone(),
                start + chrono::Duration::seconds(((i * 3) % 1001 / 5) as i64),
            )
        })
        .collect();
    let rows = likes
        .iter()
        .map(|(id, at)| {
            vec![
                Bind::Text(bo.clone()),
                Bind::Text(id.clone()),
                Bind::At(*at),
            ]
        })
        .collect();
    insert_rows(
        &app.db,
        "INSERT INTO liked_tracks (user_id, track_id, created_at) VALUES ($1, $2, $3)",
        rows,
    )
    .await;
    let expected = ordered(
        &likes,
        |(id, at)| Reverse((*at, id.clone())),
        |(id, _)| id.clone(),
    );

    let tracks = List {
        path: "/me/likes".into(),
        field: "tracks",
    };
    let ids = List {
        path: "/me/likes/ids".into(),
        field: "track_ids",
    };

    tracks
        .assert_pages(&app, &token, &expected, (DEFAULT, MAX), 97)
        .await;
    ids.assert_pages(&app, &token, &expected, (1000, 1000), 300)
        .await;
}

#[tokio::test]
async fn my_playlists_come_in_pages_newest_first() {
    let app = spawn_app().await;
    let (bo, token) = app.user("Bo").await;
    let (cy, _) = app.user("Cy").await;
    let start = Timestamp::now() - chrono::Duration::hours(1);
    let playlists: Vec<(String, Timestamp)> = (0..=MAX)
        .map(|i| {
            (
                uuid::Uuid::now_v7().to_string(),
                start + chrono::Duration::seconds((i / 3) as i64),
            )
        })
        .collect();
    let mut rows: Vec<Row> = playlists
        .iter()
        .map(|(id, at)| {
            vec![
                Bind::Text(id.clone()),
                Bind::Text(bo.clone()),
                Bind::At(*at),
            ]
        })
        .collect();
    rows.push(vec![
        Bind::Text(uuid::Uuid::now_v7().to_string()),
        Bind::Text(cy),
        Bind::At(start),
    ]);
    insert_rows(
        &app.db,
        "INSERT INTO playlists (id, created_by, name, description, created_at, updated_at) \
         VALUES ($1, $2, 'Mix', '', $3, $3)",
        rows,
    )
    .await;
    let expected = ordered(
        &playlists,
        |(id, at)| Reverse((*at, id.clone())),
        |(id, _)| id.clone(),
    );

    let list = List {
        path: "/playlists".into(),
        field: "playlists",
    };

    list.assert_pages(&app, &token, &expected, (DEFAULT, MAX), 7)
        .await;
}

#[tokio::test]
async fn a_playlists_tracks_come_in_pages_in_playlist_order() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, token) = app.user("Bo").await;
    let source = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let tracks = copies(&app, &source, MAX + 1, |_| "Tides".into()).await;
    let playlist = uuid::Uuid::now_v7().to_string();
    insert_rows(
        &app.db,
        "INSERT INTO playlists (id, created_by, name, description, created_at, updated_at) \
         VALUES ($1, $2, 'Mix', '', $3, $3)",
        vec![vec![
            Bind::Text(playlist.clone()),
            Bind::Text(bo),
            Bind::At(Timestamp::now()),
        ]],
    )
    .await;
    // Positions in reverse upload order, some shared, so all three keys of the order count.
    let start = Timestamp::now() - chrono::Duration::hours(1);
    let entries: Vec<(i64, Timestamp, String)> = tracks
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let position = ((MAX - i) / 3) as i64;
            (
                position,
                start + chrono::Duration::seconds((i % 2) as i64),
                t.id.clone(),
            )
        })
        .collect();
    let rows = entries
        .iter()
        .map(|(position, at, id)| {
            vec![
                Bind::Text(playlist.clone()),
                Bind::Text(id.clone()),
                Bind::Int(*position),
                Bind::At(*at),
            ]
        })
        .collect();
    insert_rows(
        &app.db,
        "INSERT INTO playlist_tracks (playlist_id, track_id, position, added_at) \
         VALUES ($1, $2, $3, $4)",
        rows,
    )
    .await;
    let expected = ordered(&entries, Clone::clone, |(_, _, id)| id.clone());

    let list = List {
        path: format!("/playlists/{playlist}"),
        field: "tracks",
    };

    list.assert_pages(&app, &token, &expected, (DEFAULT, MAX), 7)
        .await;
    let playlist = get(&app, &list.path, &token).await;
    assert_eq!(
        playlist["track_count"],
        MAX + 1,
        "the count is of all the tracks"
    );
}

#[tokio::test]
async fn an_artists_top_tracks_and_album_tracks_come_in_pages() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let source = insert_track(
        &app,
        Seed {
            plays: 100,
            ..Seed::ready(&ana, "Tide", "Mira")
        },
    )
    .await;
    let tracks = copies(&app, &source, 2 * MAX + 2, |i| {
        if i % 2 == 0 { "Tides" } else { "Dunes" }.into()
    })
    .await;
    let top = {
        let mut top = vec![source.clone()];
        top.extend(ordered(
            &tracks,
            |c| Reverse((c.plays, c.created_at, c.id.clone())),
            |c| c.id.clone(),
        ));
        top
    };
    let tides: Vec<&TrackCopy> = tracks.iter().filter(|c| c.album == "Tides").collect();
    let tides = ordered(&tides, |c| (c.created_at, c.id.clone()), |c| c.id.clone());

    let artist = get(&app, "/artists/Mira", &token).await;
    let top_list = List {
        path: "/artists/Mira/tracks".into(),
        field: "tracks",
    };
    let album_list = List {
        path: "/artists/Mira/tracks?album=Tides".into(),
        field: "tracks",
    };

    assert_eq!(artist["track_count"], 2 * MAX + 3);
    assert_eq!(
        artist["total_plays"],
        100 + tracks.iter().map(|c| c.plays).sum::<i64>()
    );
    let first: Vec<&str> = artist["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(first, top[..DEFAULT]);
    let cursor = artist["next_cursor"]
        .as_str()
        .expect("more top tracks follow");
    let (next, _) = top_list
        .page(&app, &token, &format!("limit=3&cursor={cursor}"))
        .await;
    assert_eq!(next, top[DEFAULT..DEFAULT + 3]);
    top_list
        .assert_pages(&app, &token, &top, (DEFAULT, MAX), 23)
        .await;
    album_list
        .assert_pages(&app, &token, &tides, (DEFAULT, MAX), 7)
        .await;
}

#[tokio::test]
async fn an_artist_page_lists_at_most_100_albums_newest_first() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let source = insert_track(&app, Seed::ready(&ana, "Tide", "Mira")).await;
    let tracks = copies(&app, &source, MAX + 1, |i| format!("Album {i:03}")).await;
    let mut newest_first: Vec<&TrackCopy> = tracks.iter().collect();
    newest_first.sort_by_key(|c| (Reverse(c.created_at), c.album.clone()));

    let artist = get(&app, "/artists/Mira", &token).await;

    let albums: Vec<&str> = artist["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = newest_first[..MAX]
        .iter()
        .map(|c| c.album.as_str())
        .collect();
    assert_eq!(
        albums, expected,
        "the 100 newest; Singles, last, is left out"
    );
    assert_eq!(artist["albums"][0]["track_count"], 1);
}
