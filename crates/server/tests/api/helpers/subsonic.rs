//! Subsonic apps: an app password made through the API, and requests to `/rest` signed with
//! it, answered in JSON (or as the raw response, for XML, streams and covers).

use reqwest::Method;
use serde_json::{Value, json};

use super::app::TestApp;
use super::http::call_ok;

/// A Subsonic app signed in as one user: their email and an app password.
pub struct SubsonicApp {
    pub email: String,
    pub password: String,
}

/// A new user with an app password; answers (user id, access token, the app).
pub async fn subsonic_user(app: &TestApp, name: &str) -> (String, String, SubsonicApp) {
    let email = format!(
        "{}-{}@example.com",
        name.to_lowercase(),
        uuid::Uuid::now_v7().simple()
    );
    let session = app.sign_up(&email, "correct horse battery", name).await;
    let token = session["access_token"].as_str().unwrap().to_owned();
    let created = call_ok(
        app,
        Method::POST,
        "/me/app-passwords",
        &token,
        Some(json!({ "name": "Phone" })),
        201,
    )
    .await;
    (
        session["user"]["id"].as_str().unwrap().to_owned(),
        token,
        SubsonicApp {
            email,
            password: created["password"].as_str().unwrap().to_owned(),
        },
    )
}

impl SubsonicApp {
    /// `/rest/{endpoint}` with the password as `apiKey` and `params`, as a GET.
    pub async fn raw(
        &self,
        app: &TestApp,
        endpoint: &str,
        params: &[(&str, &str)],
    ) -> reqwest::Response {
        let mut query: Vec<(&str, &str)> =
            vec![("apiKey", &self.password), ("c", "tests"), ("v", "1.16.1")];
        query.extend_from_slice(params);
        app.client
            .get(with_query(app, &format!("/rest/{endpoint}"), &query))
            .send()
            .await
            .unwrap()
    }

    /// [`Self::raw`] in JSON: the `subsonic-response` object, which must say `ok`.
    pub async fn ok(&self, app: &TestApp, endpoint: &str, params: &[(&str, &str)]) -> Value {
        let mut params = params.to_vec();
        params.push(("f", "json"));
        let response = self.raw(app, endpoint, &params).await;
        let body = subsonic_json(response).await;
        assert_eq!(body["status"], "ok", "{endpoint}: {body}");
        body
    }

    /// [`Self::raw`] in JSON, which must be a Subsonic error: its code.
    pub async fn error(&self, app: &TestApp, endpoint: &str, params: &[(&str, &str)]) -> i64 {
        let mut params = params.to_vec();
        params.push(("f", "json"));
        let body = subsonic_json(self.raw(app, endpoint, &params).await).await;
        assert_eq!(body["status"], "failed", "{endpoint}: {body}");
        body["error"]["code"].as_i64().unwrap()
    }
}

/// The app's URL of `path` with `query` encoded.
pub fn with_query(app: &TestApp, path: &str, query: &[(&str, &str)]) -> String {
    let mut encoded = url::form_urlencoded::Serializer::new(String::new());
    encoded.extend_pairs(query);
    format!("{}?{}", app.url(path), encoded.finish())
}

/// The `subsonic-response` of a JSON answer, which always comes with HTTP 200.
pub async fn subsonic_json(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["subsonic-response"].clone()
}

/// The ids of a list of elements.
pub fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|item| item["id"].as_str().unwrap().to_owned())
        .collect()
}
