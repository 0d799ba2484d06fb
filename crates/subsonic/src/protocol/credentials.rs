//! Who a request is: the credential its parameters carry, checked against the user's app
//! passwords. `u` is the account's email; `p` an app password (plain or `enc:` hex), `t` and
//! `s` a token of one, or `apiKey` one alone (OpenSubsonic's `apiKeyAuthentication`, never
//! with `u`).

use std::net::IpAddr;

use super::error::{Code, SubsonicError, SubsonicResult};
use super::params::Params;
use backbeat_auth::AuthService;
use backbeat_auth::app_passwords::service::{Credential, Refusal};
use backbeat_core::ids::UserId;

const WRONG: &str = "Wrong username or password";

/// The plain password of `p`: as sent, or decoded from `enc:<hex>`.
fn plain_password(p: &str) -> SubsonicResult<String> {
    match p.strip_prefix("enc:") {
        Some(encoded) => hex::decode(encoded)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .ok_or_else(|| SubsonicError::new(Code::WrongCredentials, WRONG)),
        None => Ok(p.to_owned()),
    }
}

/// The user the request's credential signs in.
pub async fn authenticate(
    auth: &AuthService,
    params: &Params,
    ip: IpAddr,
) -> SubsonicResult<UserId> {
    let (u, p, t) = (params.get("u"), params.get("p"), params.get("t"));
    let password;
    let credential = if let Some(key) = params.get("apiKey") {
        if u.is_some() || p.is_some() || t.is_some() {
            return Err(SubsonicError::new(
                Code::ConflictingAuth,
                "Multiple conflicting authentication mechanisms provided",
            ));
        }
        Credential::ApiKey(key)
    } else {
        let username = params.required("u")?;
        match (p, t) {
            (Some(_), Some(_)) => {
                return Err(SubsonicError::new(
                    Code::ConflictingAuth,
                    "Multiple conflicting authentication mechanisms provided",
                ));
            }
            (Some(p), None) => {
                password = plain_password(p)?;
                Credential::Password {
                    username,
                    password: &password,
                }
            }
            (None, Some(token)) => Credential::Token {
                username,
                token,
                salt: params.required("s")?,
            },
            (None, None) => return Err(SubsonicError::missing("p")),
        }
    };
    auth.verify_app_password(credential, ip)
        .await
        .map_err(|refusal| match refusal {
            Refusal::WrongCredentials => SubsonicError::new(Code::WrongCredentials, WRONG),
            Refusal::InvalidApiKey => SubsonicError::new(Code::InvalidApiKey, "Invalid API key"),
            Refusal::TooManyAttempts => SubsonicError::new(
                Code::Generic,
                "Too many attempts. Please wait a moment and try again.",
            ),
            Refusal::Failed(failure) => failure.into(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_enc_password_is_hex_of_the_plain_one() {
        assert_eq!(plain_password("enc:736563726574").unwrap(), "secret");
        assert_eq!(plain_password("secret").unwrap(), "secret");
        assert_eq!(
            plain_password("enc:zz").unwrap_err().code,
            Code::WrongCredentials
        );
    }
}
