//! The signed click link of a served ad: `/api/v1/ads/{id}/clicks?user=…&expires=…&signature=…`.
//! An `<a href>` carries no bearer token, so the link names the user it was served to and is
//! signed like a stream URL ([`backbeat_core::signing`]); it lasts [`LIFETIME`]. Whoever follows it
//! counts that user's click on that ad (once a day at most) and lands on the ad's target,
//! which is public anyway.

use backbeat_core::db::Timestamp;
use backbeat_core::ids::UserId;
use backbeat_core::signing::{self, LinkError, Secret};

const PURPOSE: &str = "ad-click";
/// How long a served ad's link can be followed: a banner may stay on an open page all day.
pub const LIFETIME: chrono::Duration = chrono::Duration::hours(24);

/// The query of a click link, as sent (a missing part is empty).
#[derive(Clone, Copy, Debug)]
pub struct ClickGrant<'a> {
    pub user: &'a str,
    pub expires: &'a str,
    pub signature: &'a str,
}

fn grant(ad_id: &str, user: &str) -> String {
    format!("{ad_id}\n{user}")
}

/// The path and query of the link that counts `user`'s click on the ad, valid for
/// [`LIFETIME`] from `now`.
pub fn click_url(secret: &Secret, ad_id: &str, user: &UserId, now: Timestamp) -> String {
    let expires = (now + LIFETIME).unix_seconds();
    let signature = signing::sign_link(secret, PURPOSE, &grant(ad_id, user), expires);
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("user", user)
        .append_pair("expires", &expires.to_string())
        .append_pair("signature", &signature)
        .finish();
    let ad = url::form_urlencoded::byte_serialize(ad_id.as_bytes()).collect::<String>();
    format!("/api/v1/ads/{ad}/clicks?{query}")
}

/// The user whose click the link counts, when its signature holds at `now` (unix seconds).
pub fn verify<'a>(
    secret: &Secret,
    ad_id: &str,
    link: &ClickGrant<'a>,
    now: i64,
) -> Result<&'a str, LinkError> {
    signing::verify_link_text(
        secret,
        PURPOSE,
        &grant(ad_id, link.user),
        link.expires,
        link.signature,
        now,
    )?;
    Ok(link.user)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query_of(url: &str) -> Vec<(String, String)> {
        let query = url.split_once('?').unwrap().1;
        url::form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect()
    }

    fn grant_of(pairs: &[(String, String)]) -> (String, String, String) {
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .unwrap()
        };
        (get("user"), get("expires"), get("signature"))
    }

    #[test]
    fn a_link_counts_its_users_click_for_a_day() {
        let secret = Secret::new([3; 32]);
        let now = Timestamp::now();
        let url = click_url(&secret, "ad1", &UserId::from("u1"), now);
        assert!(
            url.starts_with("/api/v1/ads/ad1/clicks?user=u1&expires="),
            "{url}"
        );
        let (user, expires, signature) = grant_of(&query_of(&url));
        let link = ClickGrant {
            user: &user,
            expires: &expires,
            signature: &signature,
        };
        let at = now.unix_seconds();

        assert_eq!(verify(&secret, "ad1", &link, at), Ok("u1"));
        assert_eq!(
            verify(&secret, "ad1", &link, at + LIFETIME.num_seconds() + 1),
            Err(LinkError::Expired)
        );
        assert_eq!(verify(&secret, "ad2", &link, at), Err(LinkError::Invalid));
        let other_user = ClickGrant { user: "u2", ..link };
        assert_eq!(
            verify(&secret, "ad1", &other_user, at),
            Err(LinkError::Invalid)
        );
    }
}
