//! A UTC instant stored the same way on both backends: `TIMESTAMPTZ` on PostgreSQL, and on SQLite
//! fixed-width RFC 3339 text with microseconds, so that text comparison and `ORDER BY` agree with
//! time order (sqlx's own SQLite encoding varies the number of fraction digits).

use std::fmt;

use chrono::{DateTime, SecondsFormat, SubsecRound, Utc};
use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgTypeInfo, PgValueRef};
use sqlx::sqlite::{SqliteArgumentsBuffer, SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Encode, Postgres, Sqlite, Type};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(DateTime<Utc>);

impl Timestamp {
    /// Now, truncated to whole microseconds (what PostgreSQL keeps), so a value read back equals
    /// the value written on both backends.
    pub fn now() -> Self {
        Self::from(Utc::now())
    }

    pub fn as_datetime(&self) -> DateTime<Utc> {
        self.0
    }

    pub fn unix_seconds(&self) -> i64 {
        self.0.timestamp()
    }

    fn to_sqlite_text(self) -> String {
        self.0.to_rfc3339_opts(SecondsFormat::Micros, true)
    }
}

impl From<DateTime<Utc>> for Timestamp {
    fn from(value: DateTime<Utc>) -> Self {
        Self(value.trunc_subsecs(6))
    }
}

impl std::ops::Add<chrono::Duration> for Timestamp {
    type Output = Self;
    fn add(self, rhs: chrono::Duration) -> Self {
        Self(self.0 + rhs)
    }
}

impl std::ops::Sub<chrono::Duration> for Timestamp {
    type Output = Self;
    fn sub(self, rhs: chrono::Duration) -> Self {
        Self(self.0 - rhs)
    }
}

impl fmt::Debug for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sqlite_text())
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sqlite_text())
    }
}

impl utoipa::PartialSchema for Timestamp {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .into()
    }
}

impl utoipa::ToSchema for Timestamp {}

impl Type<Sqlite> for Timestamp {
    fn type_info() -> SqliteTypeInfo {
        <String as Type<Sqlite>>::type_info()
    }
    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <String as Type<Sqlite>>::compatible(ty)
    }
}

impl Encode<'_, Sqlite> for Timestamp {
    fn encode_by_ref(&self, buf: &mut SqliteArgumentsBuffer) -> Result<IsNull, BoxDynError> {
        Encode::<Sqlite>::encode(self.to_sqlite_text(), buf)
    }
}

impl<'r> Decode<'r, Sqlite> for Timestamp {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <String as Decode<Sqlite>>::decode(value)?;
        Ok(Self(
            DateTime::parse_from_rfc3339(&text)?.with_timezone(&Utc),
        ))
    }
}

impl Type<Postgres> for Timestamp {
    fn type_info() -> PgTypeInfo {
        <DateTime<Utc> as Type<Postgres>>::type_info()
    }
    fn compatible(ty: &PgTypeInfo) -> bool {
        <DateTime<Utc> as Type<Postgres>>::compatible(ty)
    }
}

impl Encode<'_, Postgres> for Timestamp {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        Encode::<Postgres>::encode_by_ref(&self.0, buf)
    }
}

impl<'r> Decode<'r, Postgres> for Timestamp {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(Self(<DateTime<Utc> as Decode<Postgres>>::decode(value)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn sqlite_text_has_a_fixed_width_so_text_order_is_time_order() {
        let whole = Timestamp::from(Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap());
        let later = whole + chrono::Duration::microseconds(1);
        assert_eq!(whole.to_sqlite_text(), "2026-01-02T03:04:05.000000Z");
        assert!(whole.to_sqlite_text() < later.to_sqlite_text());
    }

    #[test]
    fn now_keeps_whole_microseconds() {
        let now = Timestamp::now();
        assert_eq!(now.as_datetime().timestamp_subsec_nanos() % 1000, 0);
    }
}
