//! A request's parameters: the query string and, for a form POST (OpenSubsonic's `formPost`),
//! the body's fields, merged in that order. Names may repeat (`id` of `star`, `songIdToAdd`).

use super::error::{SubsonicError, SubsonicResult};

#[derive(Clone, Debug, Default)]
pub struct Params(Vec<(String, String)>);

impl Params {
    /// The fields of `query` then of `form` (both `application/x-www-form-urlencoded`).
    pub fn parse(query: Option<&str>, form: Option<&[u8]>) -> Self {
        let mut fields: Vec<(String, String)> = query
            .map(|q| {
                url::form_urlencoded::parse(q.as_bytes())
                    .into_owned()
                    .collect()
            })
            .unwrap_or_default();
        if let Some(form) = form {
            fields.extend(url::form_urlencoded::parse(form).into_owned());
        }
        Self(fields)
    }

    /// The first value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Every value of `name`, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
            .collect()
    }

    /// The first value of `name`, which must be there (error 10).
    pub fn required(&self, name: &str) -> SubsonicResult<&str> {
        self.get(name).ok_or_else(|| SubsonicError::missing(name))
    }

    /// A whole number, when given (a value that is not one is an error).
    pub fn int(&self, name: &str) -> SubsonicResult<Option<i64>> {
        self.get(name)
            .map(|value| {
                value
                    .trim()
                    .parse::<i64>()
                    .map_err(|_| SubsonicError::invalid(name))
            })
            .transpose()
    }

    /// A count or offset: `default` when absent, clamped to `0..=max`.
    pub fn bounded(&self, name: &str, default: i64, max: i64) -> SubsonicResult<i64> {
        Ok(self.int(name)?.unwrap_or(default).clamp(0, max))
    }

    /// A boolean (`true`/`false`, or `1`/`0`), when given.
    pub fn flag(&self, name: &str) -> Option<bool> {
        self.get(name)
            .map(|value| matches!(value.trim(), "true" | "1" | "True" | "TRUE"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_and_form_fields_are_merged_in_order() {
        let params = Params::parse(Some("id=a&f=json&id=b"), Some(b"id=c&u=ana%40x.io"));
        assert_eq!(params.all("id"), ["a", "b", "c"]);
        assert_eq!(params.get("u"), Some("ana@x.io"));
        assert_eq!(params.get("f"), Some("json"));
        assert!(params.required("p").is_err());
    }

    #[test]
    fn numbers_are_checked_and_bounded() {
        let params = Params::parse(Some("size=900&offset=-4&count=x"), None);
        assert_eq!(params.bounded("size", 10, 500).unwrap(), 500);
        assert_eq!(params.bounded("offset", 0, 1000).unwrap(), 0);
        assert_eq!(params.bounded("missing", 10, 500).unwrap(), 10);
        assert!(params.int("count").is_err());
    }
}
