//! SQL of ads: the inventory, and impressions and clicks counted once per user, ad and day.

use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

/// An ad of the inventory.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AdRow {
    pub id: String,
    pub slot: String,
    pub title: String,
    pub image_key: String,
    pub target_url: String,
    pub active: bool,
    pub created_at: Timestamp,
}

/// The columns of [`AdRow`], for `concat!` into queries (alias `a`).
macro_rules! ad_columns {
    () => {
        "a.id, a.slot, a.title, a.image_key, a.target_url, a.active, a.created_at"
    };
}

pub async fn insert_ad(db: &Db, ad: &AdRow) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO ads (id, slot, title, image_key, target_url, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&ad.id).bind(&ad.slot).bind(&ad.title).bind(&ad.image_key)
        .bind(&ad.target_url).bind(ad.active).bind(ad.created_at)
        .execute(pool).await.map(drop))
}

/// Every ad, newest first.
pub async fn list_ads(db: &Db) -> sqlx::Result<Vec<AdRow>> {
    const SQL: &str = concat!(
        "SELECT ",
        ad_columns!(),
        " FROM ads a ORDER BY a.created_at DESC, a.id DESC"
    );
    on_db!(db, pool => sqlx::query_as(SQL).fetch_all(pool).await)
}

pub async fn find_ad(db: &Db, id: &str) -> sqlx::Result<Option<AdRow>> {
    const SQL: &str = concat!("SELECT ", ad_columns!(), " FROM ads a WHERE a.id = $1");
    on_db!(db, pool => sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)
}

/// Stops serving the ad; false when there is no such ad.
pub async fn disable_ad(db: &Db, id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query("UPDATE ads SET active = $2 WHERE id = $1")
        .bind(id).bind(false).execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// An active ad of the slot that `user` has seen least on `day` (not at all before seen
/// once), ties broken at random.
pub async fn least_seen_ad(
    db: &Db,
    slot: &str,
    user: &UserId,
    day: &str,
) -> sqlx::Result<Option<AdRow>> {
    const SQL: &str = concat!(
        "SELECT ",
        ad_columns!(),
        " FROM ads a \
         LEFT JOIN ad_impressions i ON i.ad_id = a.id AND i.user_id = $2 AND i.day = $3 \
         WHERE a.slot = $1 AND a.active \
         ORDER BY CASE WHEN i.ad_id IS NULL THEN 0 ELSE 1 END, random() \
         LIMIT 1"
    );
    on_db!(db, pool => sqlx::query_as(SQL).bind(slot).bind(user).bind(day)
        .fetch_optional(pool).await)
}

/// What is counted once per user, ad and day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    Impression,
    Click,
}

impl Counted {
    fn insert_sql(self) -> &'static str {
        match self {
            Self::Impression => {
                "INSERT INTO ad_impressions (ad_id, user_id, day, created_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING"
            }
            Self::Click => {
                "INSERT INTO ad_clicks (ad_id, user_id, day, created_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING"
            }
        }
    }
}

/// Counts `what` for the user, ad and day unless it is already counted; answers whether this
/// call counted it.
pub async fn count(
    db: &Db,
    what: Counted,
    ad_id: &str,
    user: &UserId,
    day: &str,
    at: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(what.insert_sql())
        .bind(ad_id).bind(user).bind(day).bind(at)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Impressions and clicks of one ad on one day.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DayOfAd {
    pub day: String,
    pub ad_id: String,
    pub slot: String,
    pub title: String,
    pub impressions: i64,
    pub clicks: i64,
}

/// The counts of every ad counted on `since` or later, newest day first.
pub async fn days_of_ads(db: &Db, since: &str) -> sqlx::Result<Vec<DayOfAd>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT d.day, a.id AS ad_id, a.slot, a.title, \
                (SELECT COUNT(*) FROM ad_impressions i WHERE i.ad_id = a.id AND i.day = d.day) \
                    AS impressions, \
                (SELECT COUNT(*) FROM ad_clicks c WHERE c.ad_id = a.id AND c.day = d.day) \
                    AS clicks \
         FROM (SELECT ad_id, day FROM ad_impressions WHERE day >= $1 \
               UNION SELECT ad_id, day FROM ad_clicks WHERE day >= $1) d \
         JOIN ads a ON a.id = d.ad_id \
         ORDER BY d.day DESC, a.title, a.id")
        .bind(since).fetch_all(pool).await)
}
