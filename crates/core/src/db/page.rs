//! Keyset pagination, one way for every list of the API.
//!
//! Every list is in a total order of `(rank, at, id)`, all descending or all ascending: `rank`
//! is what the list ranks by (a search match, plays, a playlist position; 0 when nothing),
//! `at` a timestamp and `id` breaks ties. A page is the rows after a [`Position`] in that order
//! (never an OFFSET, so a page costs the same however deep it is), and its cursor is the
//! position of its last row, opaque to clients.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, TimeZone, Utc};

use super::Timestamp;
use crate::errors::{self, Failure};

/// Rows per page unless the client asks for another size.
pub const DEFAULT_SIZE: u32 = 50;
/// The most rows a page holds, whatever the client asks.
pub const MAX_SIZE: u32 = 100;

/// The longest id a cursor holds (ids are UUIDs, 36 characters).
const MAX_CURSOR_ID_CHARS: usize = 64;

/// A cursor that is not one of ours (or no longer readable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", errors::INVALID_CURSOR.message)]
pub struct InvalidCursor;

impl From<InvalidCursor> for Failure {
    fn from(_: InvalidCursor) -> Self {
        errors::INVALID_CURSOR.into()
    }
}

/// A place in a list ordered by `(rank, at, id)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub rank: i64,
    pub at: Timestamp,
    pub id: String,
}

impl Position {
    pub fn new(rank: i64, at: Timestamp, id: &str) -> Self {
        Self {
            rank,
            at,
            id: id.to_owned(),
        }
    }

    /// Before the first row of a list in descending order: every row compares below it.
    pub fn before_descending() -> Self {
        Self {
            rank: i64::MAX,
            at: Timestamp::from(Utc.with_ymd_and_hms(9999, 12, 31, 23, 59, 59).unwrap()),
            id: String::new(),
        }
    }

    /// Before the first row of a list in ascending order: every row compares above it.
    pub fn before_ascending() -> Self {
        Self {
            rank: i64::MIN,
            at: Timestamp::from(Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0).unwrap()),
            id: String::new(),
        }
    }

    /// The opaque text a client passes back as `cursor`.
    pub fn to_cursor(&self) -> String {
        URL_SAFE_NO_PAD.encode(format!("{}|{}|{}", self.rank, self.at, self.id))
    }

    pub fn parse_cursor(cursor: &str) -> Result<Self, InvalidCursor> {
        let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| InvalidCursor)?;
        let text = String::from_utf8(bytes).map_err(|_| InvalidCursor)?;
        let mut parts = text.splitn(3, '|');
        let (Some(rank), Some(at), Some(id)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(InvalidCursor);
        };
        // Every list's ids are UUIDs; PostgreSQL's text cannot hold a NUL at all.
        if id.chars().count() > MAX_CURSOR_ID_CHARS || id.chars().any(char::is_control) {
            return Err(InvalidCursor);
        }
        let at = DateTime::parse_from_rfc3339(at).map_err(|_| InvalidCursor)?;
        Ok(Self {
            rank: rank.parse().map_err(|_| InvalidCursor)?,
            at: Timestamp::from(at.with_timezone(&Utc)),
            id: id.to_owned(),
        })
    }
}

/// Which page a client asked for: after a cursor (or from the start) and how many rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub after: Option<Position>,
    pub size: u32,
}

impl PageRequest {
    /// The page after `cursor` (from the start without one, or with an empty one) of `limit`
    /// rows: 50 by default, any number clamped to 1..=100.
    pub fn parse(cursor: Option<&str>, limit: Option<i64>) -> Result<Self, InvalidCursor> {
        Self::parse_sized(cursor, limit, DEFAULT_SIZE, MAX_SIZE)
    }

    /// Like [`PageRequest::parse`], for a list with page sizes of its own.
    pub fn parse_sized(
        cursor: Option<&str>,
        limit: Option<i64>,
        default: u32,
        max: u32,
    ) -> Result<Self, InvalidCursor> {
        let size = limit.map_or(default, |limit| {
            u32::try_from(limit.clamp(1, i64::from(max))).unwrap_or(max)
        });
        Ok(Self {
            after: cursor
                .filter(|cursor| !cursor.is_empty())
                .map(Position::parse_cursor)
                .transpose()?,
            size,
        })
    }

    /// The first page of `size` rows.
    pub fn first(size: u32) -> Self {
        Self { after: None, size }
    }

    /// Where a list in descending order continues.
    pub fn after_descending(&self) -> Position {
        self.after
            .clone()
            .unwrap_or_else(Position::before_descending)
    }

    /// Where a list in ascending order continues.
    pub fn after_ascending(&self) -> Position {
        self.after
            .clone()
            .unwrap_or_else(Position::before_ascending)
    }

    /// The rows to fetch: one more than the page, which tells whether another page follows.
    pub fn fetch(&self) -> i64 {
        i64::from(self.size) + 1
    }
}

/// A page of a list and the cursor of the next one (`None` on the last page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_cursor: Option<String>,
}

impl<T> Page<T> {
    /// Makes a page of the rows fetched for `request` (up to [`PageRequest::fetch`] of them),
    /// `position` telling where a row is in the list's order.
    pub fn cut(mut rows: Vec<T>, request: &PageRequest, position: impl Fn(&T) -> Position) -> Self {
        let size = request.size as usize;
        let next_cursor = if rows.len() > size {
            rows.truncate(size);
            rows.last().map(|row| position(row).to_cursor())
        } else {
            None
        };
        Self {
            items: rows,
            next_cursor,
        }
    }

    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            next_cursor: self.next_cursor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: u32) -> Timestamp {
        Timestamp::from(Utc.with_ymd_and_hms(2026, 3, day, 5, 6, 7).unwrap())
    }

    #[test]
    fn a_cursor_reads_back_and_garbage_is_refused() {
        let position = Position::new(
            -3,
            at(4) + chrono::Duration::microseconds(123_456),
            "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
        );
        assert_eq!(Position::parse_cursor(&position.to_cursor()), Ok(position));
        for bad in [
            "",
            "!!",
            "bm90IGEgY3Vyc29y",
            &URL_SAFE_NO_PAD.encode("x|y|z"),
            &URL_SAFE_NO_PAD.encode("1|2026-03-04T05:06:07Z"),
            &URL_SAFE_NO_PAD.encode("1|2026-03-04T05:06:07Z|a\0b"),
            &URL_SAFE_NO_PAD.encode("1|2026-03-04T05:06:07Z|\u{1b}"),
            &URL_SAFE_NO_PAD.encode(format!("1|2026-03-04T05:06:07Z|{}", "a".repeat(65))),
        ] {
            assert_eq!(Position::parse_cursor(bad), Err(InvalidCursor), "{bad}");
        }
    }

    #[test]
    fn the_page_size_defaults_to_50_and_stays_within_1_to_100() {
        let size = |limit| PageRequest::parse(None, limit).unwrap().size;
        assert_eq!(size(None), 50);
        assert_eq!(size(Some(0)), 1);
        assert_eq!(size(Some(7)), 7);
        assert_eq!(size(Some(101)), 100);
        let ids = |limit| PageRequest::parse_sized(None, limit, 1000, 1000).unwrap();
        assert_eq!(ids(None).size, 1000);
        assert_eq!(ids(Some(5000)).size, 1000);
        assert_eq!(ids(None).fetch(), 1001);
    }

    #[test]
    fn a_page_has_a_cursor_only_when_more_rows_follow() {
        let request = PageRequest::first(2);
        let position = |n: &i64| Position::new(*n, at(1), "x");

        let more = Page::cut(vec![1, 2, 3], &request, position);
        let last = Page::cut(vec![1, 2], &request, position);

        assert_eq!(more.items, [1, 2]);
        assert_eq!(more.next_cursor, Some(position(&2).to_cursor()));
        assert_eq!(last.items, [1, 2]);
        assert_eq!(last.next_cursor, None);
    }

    #[test]
    fn the_start_of_a_list_is_before_every_row() {
        let row = Position::new(0, Timestamp::now(), "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
        let key = |p: &Position| (p.rank, p.at, p.id.clone());
        assert!(key(&Position::before_descending()) > key(&row));
        assert!(key(&Position::before_ascending()) < key(&row));
    }
}
