//! Values stored as words: a status is an enum in Rust, and in the database (a `TEXT` column on
//! both backends) and in JSON the word it has always been, so the schemas and the API do not
//! change.
//!
//! [`text_enum!`](crate::text_enum) declares such an enum with the word of each value, and how
//! an unknown stored word reads; [`stored_as_text!`](crate::stored_as_text) binds and reads any
//! [`Text`] type as its word on SQLite and PostgreSQL. JSON is the enum's own serde derive
//! (`rename_all` giving the same words), which [`testing::assert_stored_as`] checks with the
//! rest.

use sqlx::error::BoxDynError;

#[doc(hidden)]
pub use sqlx as __sqlx;

/// A value stored, and said, as a word.
pub trait Text: Sized + 'static {
    /// Every value a word names.
    const ALL: &'static [Self];

    /// The value's word.
    fn as_text(&self) -> &str;

    /// The value a stored word reads as; `None` when the word names none and the type reads no
    /// unknown word as one of its values.
    fn from_text(text: &str) -> Option<Self>;
}

/// A stored word that names no value of its type.
#[derive(Debug, thiserror::Error)]
#[error("the stored word {text:?} names no {what}")]
pub struct UnknownWord {
    pub what: &'static str,
    pub text: String,
}

/// Reads a stored word as a `T` (the decoding of [`stored_as_text!`](crate::stored_as_text)).
#[doc(hidden)]
pub fn read<T: Text>(text: &str) -> Result<T, BoxDynError> {
    T::from_text(text).ok_or_else(|| {
        let what = std::any::type_name::<T>();
        let what = what.rsplit("::").next().unwrap_or(what);
        Box::new(UnknownWord {
            what,
            text: text.to_owned(),
        }) as BoxDynError
    })
}

/// Declares an enum of values stored and said as words. Each variant names its word
/// (`Queued = "queued"`); the enum is `Copy`, compares, and gets `ALL`, `as_str`, `parse`
/// (the value of a word, `None` for any other), `Display` (its word), [`Text`] and the database
/// encoding of [`stored_as_text!`](crate::stored_as_text). A stored word that names no value is
/// an error when read, or, with a last line `unknown_reads_as Variant;`, that variant.
///
/// ```
/// backbeat_core::text_enum! {
///     /// Where a job is.
///     #[derive(serde::Serialize)]
///     #[serde(rename_all = "lowercase")]
///     pub enum JobState {
///         Queued = "queued",
///         Done = "done",
///     }
///     unknown_reads_as Queued;
/// }
/// assert_eq!(JobState::Done.as_str(), "done");
/// assert_eq!(JobState::parse("queued"), Some(JobState::Queued));
/// assert_eq!(JobState::parse("Queued"), None);
/// ```
#[macro_export]
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $word:literal),+ $(,)?
        }
        $(unknown_reads_as $fallback:ident;)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant),+
        }

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The value's word, as stored and said.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $word),+
                }
            }

            /// The value `word` names; `None` for any other word.
            pub fn parse(word: &str) -> Option<Self> {
                match word {
                    $($word => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }

        impl $crate::text_enum::Text for $name {
            const ALL: &'static [Self] = $name::ALL;

            fn as_text(&self) -> &str {
                self.as_str()
            }

            fn from_text(text: &str) -> Option<Self> {
                Self::parse(text)$(.or(Some(Self::$fallback)))?
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        $crate::stored_as_text!($name);
    };
}

/// Binds and reads a [`Text`] type as its word, a `TEXT` value, on SQLite and on PostgreSQL (no
/// type of its own in either database): what `String` does, through
/// [`Text::as_text`] and [`Text::from_text`].
#[macro_export]
macro_rules! stored_as_text {
    (@on $ty:ty, $db:ident) => {
        const _: () = {
            use $crate::text_enum::__sqlx::encode::IsNull;
            use $crate::text_enum::__sqlx::error::BoxDynError;
            use $crate::text_enum::__sqlx::{$db, Database, Decode, Encode, Type};

            impl Type<$db> for $ty {
                fn type_info() -> <$db as Database>::TypeInfo {
                    <str as Type<$db>>::type_info()
                }

                fn compatible(ty: &<$db as Database>::TypeInfo) -> bool {
                    <str as Type<$db>>::compatible(ty)
                }
            }

            impl Encode<'_, $db> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <$db as Database>::ArgumentBuffer,
                ) -> ::std::result::Result<IsNull, BoxDynError> {
                    let word = $crate::text_enum::Text::as_text(self);
                    <&str as Encode<$db>>::encode_by_ref(&word, buf)
                }
            }

            impl<'r> Decode<'r, $db> for $ty {
                fn decode(
                    value: <$db as Database>::ValueRef<'r>,
                ) -> ::std::result::Result<Self, BoxDynError> {
                    $crate::text_enum::read(<&str as Decode<$db>>::decode(value)?)
                }
            }
        };
    };
    ($ty:ty) => {
        $crate::stored_as_text!(@on $ty, Sqlite);
        $crate::stored_as_text!(@on $ty, Postgres);
    };
}

/// Checks for the unit tests of each [`Text`] type, on an in-memory SQLite database (each
/// check runs on a runtime of its own: the tests are plain `#[test]`s).
pub mod testing {
    use std::fmt::Debug;

    use serde::Serialize;
    use sqlx::{Connection, Sqlite, SqliteConnection};

    use super::Text;

    pub(crate) fn on_sqlite<R>(check: impl AsyncFnOnce(&mut SqliteConnection) -> R) -> R {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let mut conn = SqliteConnection::connect("sqlite::memory:")
                .await
                .expect("an in-memory SQLite database");
            check(&mut conn).await
        })
    }

    /// Asserts that `words` lists every value of `T` once with the word it is stored and said
    /// as: its `as_text`, its JSON string, what binding it stores, and what that word reads as.
    pub fn assert_stored_as<T>(words: &[(T, &str)])
    where
        T: Text + Clone + Debug + PartialEq + Serialize + Send + Sync + Unpin,
        T: sqlx::Type<Sqlite> + for<'q> sqlx::Encode<'q, Sqlite> + for<'r> sqlx::Decode<'r, Sqlite>,
    {
        assert_eq!(words.len(), T::ALL.len(), "every value of the type, once");
        for value in T::ALL {
            assert!(
                words.iter().any(|(listed, _)| listed == value),
                "{value:?} is not listed"
            );
        }
        for (value, word) in words {
            assert_eq!(value.as_text(), *word);
            assert_eq!(
                serde_json::to_value(value).unwrap(),
                *word,
                "{value:?} in JSON"
            );
            let stored: String = on_sqlite(async |conn| {
                sqlx::query_scalar("SELECT $1")
                    .bind(value.clone())
                    .fetch_one(conn)
                    .await
            })
            .unwrap();
            assert_eq!(stored, *word, "{value:?} as stored");
            assert_eq!(read_from_sqlite::<T>(word).unwrap(), *value);
        }
    }

    /// What the stored word `word` reads as (an error when it names no value of `T`).
    pub fn read_from_sqlite<T>(word: &str) -> Result<T, sqlx::Error>
    where
        T: Text + Send + Unpin,
        T: sqlx::Type<Sqlite> + for<'r> sqlx::Decode<'r, Sqlite>,
    {
        on_sqlite(async |conn| {
            sqlx::query_scalar("SELECT $1")
                .bind(word)
                .fetch_one(conn)
                .await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{assert_stored_as, read_from_sqlite};

    crate::text_enum! {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "snake_case")]
        enum Strict {
            One = "one",
            TwoWords = "two_words",
        }
    }

    crate::text_enum! {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "lowercase")]
        enum Lenient {
            Known = "known",
            Other = "other",
        }
        unknown_reads_as Other;
    }

    #[test]
    fn each_value_is_its_word_in_rust_json_and_the_database() {
        assert_stored_as(&[(Strict::One, "one"), (Strict::TwoWords, "two_words")]);
        assert_stored_as(&[(Lenient::Known, "known"), (Lenient::Other, "other")]);
        assert_eq!(Strict::TwoWords.to_string(), "two_words");
        assert_eq!(Strict::parse("TwoWords"), None);
    }

    #[test]
    fn an_unknown_word_is_an_error_unless_the_type_reads_it_as_a_value() {
        let err = read_from_sqlite::<Strict>("three").unwrap_err();
        assert!(
            err.to_string().contains("\"three\" names no Strict"),
            "{err}"
        );
        assert_eq!(read_from_sqlite::<Lenient>("new").unwrap(), Lenient::Other);
        assert_eq!(Lenient::parse("new"), None);
    }

    #[test]
    fn a_null_reads_as_none() {
        let read: Option<Lenient> = super::testing::on_sqlite(async |conn| {
            sqlx::query_scalar("SELECT NULL").fetch_one(conn).await
        })
        .unwrap();
        assert_eq!(read, None);
    }
}
