//! Ids as types: a user's id cannot be passed where a track's is asked. Each is its text (a
//! UUIDv7 as the database stores it), transparent to the database and to JSON, so the schemas
//! and the API do not change.

use std::fmt;

macro_rules! id_types {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize, sqlx::Type,
        )]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(String);

        impl $name {
            /// A new id (UUIDv7: ordered by creation time).
            pub fn generate() -> Self {
                Self(uuid::Uuid::now_v7().to_string())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        /// A map keyed by ids is looked up by text.
        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        /// An id reads as its text wherever text is asked (SQL binds, URLs, headers).
        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self == &other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    )*};
}

id_types! {
    /// An account (`users.id`, which is also its profile's `profiles.id`).
    UserId,
    /// A track (`tracks.id`).
    TrackId,
    /// A playlist (`playlists.id`).
    PlaylistId,
    /// A row of a listener's history (`listening_history.id`): one playback start.
    HistoryId,
    /// A withdrawal request (`withdrawals.id`).
    WithdrawalId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_text_in_json() {
        let id = TrackId::from("0190a-track");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"0190a-track\"");
        let back: TrackId = serde_json::from_str("\"0190a-track\"").unwrap();
        assert_eq!(back, id);
        assert_eq!(id.to_string(), "0190a-track");
    }

    #[test]
    fn an_id_is_bound_and_read_as_its_text_and_compares_with_text_both_ways() {
        let read: UserId = crate::text_enum::testing::on_sqlite(async |conn| {
            sqlx::query_scalar("SELECT $1")
                .bind(UserId::from("0190a-user"))
                .fetch_one(conn)
                .await
                .expect("an id binds and reads as TEXT")
        });
        assert_eq!(read, "0190a-user");
        assert!("0190a-user" == read);
        let owned = String::from("0190a-user");
        assert!(owned == read);
        assert!(read != "0190a-other");
        assert_eq!(String::from(read), "0190a-user");
    }

    #[test]
    fn new_ids_are_ordered_by_creation() {
        let first = UserId::generate();
        let second = UserId::generate();
        assert!(first < second);
    }
}
