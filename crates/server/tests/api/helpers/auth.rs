//! Accounts and sessions through `/auth/v1`, as auth-js speaks to it: sign-up, sign-in, the
//! mail the server "sends" (written to its mail folder), and two-factor codes.

use super::app::TestApp;

impl TestApp {
    /// A request to `/auth/v1` as auth-js sends it (with the API version header).
    pub fn auth(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, self.url(&format!("/auth/v1{path}")))
            .header("apikey", "anon")
            .header("x-supabase-api-version", "2024-01-01")
            .header("content-type", "application/json")
    }

    /// Signs up and returns the session JSON.
    pub async fn sign_up(&self, email: &str, password: &str, name: &str) -> serde_json::Value {
        let response = self
            .auth(reqwest::Method::POST, "/signup")
            .json(&serde_json::json!({ "email": email, "password": password, "data": { "name": name } }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-up of {email}");
        response.json().await.unwrap()
    }

    /// Signs in with a password and returns the session JSON.
    pub async fn sign_in(&self, email: &str, password: &str) -> serde_json::Value {
        let response = self
            .auth(reqwest::Method::POST, "/token?grant_type=password")
            .json(&serde_json::json!({ "email": email, "password": password }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "sign-in of {email}");
        response.json().await.unwrap()
    }

    /// A new user; returns (user id, access token).
    pub async fn user(&self, name: &str) -> (String, String) {
        let email = format!(
            "{}-{}@example.com",
            name.to_lowercase().replace(' ', "."),
            uuid::Uuid::now_v7().simple()
        );
        let session = self.sign_up(&email, "correct horse battery", name).await;
        (
            session["user"]["id"].as_str().unwrap().to_owned(),
            session["access_token"].as_str().unwrap().to_owned(),
        )
    }

    /// The text of the newest mail written to the mail folder.
    pub fn last_mail(&self) -> String {
        self.mails().pop().expect("a mail was written")
    }

    /// The newest mail that contains `text` (mails written within one clock tick cannot be
    /// told apart by time: this picks by content).
    pub fn mail_with(&self, text: &str) -> String {
        self.mails()
            .into_iter()
            .rev()
            .find(|mail| mail.contains(text))
            .unwrap_or_else(|| panic!("no mail contains {text:?}"))
    }

    /// Every mail of the mail folder, oldest first, as text.
    fn mails(&self) -> Vec<String> {
        let dir = self.data_dir.join("mail");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("mail folder")
            .filter_map(Result::ok)
            .map(|e| (e.metadata().and_then(|m| m.modified()).ok(), e.path()))
            .collect();
        files.sort();
        files
            .into_iter()
            // Long lines arrive quoted-printable: undo soft line breaks and `=3D`.
            .map(|(_, path)| {
                std::fs::read_to_string(path)
                    .unwrap()
                    .replace("=\r\n", "")
                    .replace("=3D", "=")
            })
            .collect()
    }
}

/// The claims of a session's access token.
pub fn claims(session: &serde_json::Value) -> serde_json::Value {
    let token = session["access_token"].as_str().unwrap();
    let payload = token.split('.').nth(1).unwrap();
    let bytes =
        base64::Engine::decode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, payload).unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// Seconds since the Unix epoch, for TOTP codes.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

impl TestApp {
    /// Enrols a TOTP factor with the session and verifies it; returns (factor id, secret, the
    /// raised aal2 session).
    pub async fn enable_two_factor(
        &self,
        session: &serde_json::Value,
    ) -> (String, String, serde_json::Value) {
        let token = session["access_token"].as_str().unwrap();
        let factor: serde_json::Value = self
            .auth(reqwest::Method::POST, "/factors")
            .bearer_auth(token)
            .json(&serde_json::json!({"factor_type": "totp", "friendly_name": "Phone"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = factor["id"].as_str().expect("enrolled").to_owned();
        let secret = factor["totp"]["secret"].as_str().unwrap().to_owned();
        let raised = self.answer_challenge(token, &id, &secret, unix_now()).await;
        (id, secret, raised)
    }

    /// Challenges the factor and answers with the code of the next time step (accepted, and
    /// never the step [`Self::enable_two_factor`] used); returns the raised session.
    pub async fn verify_two_factor(
        &self,
        token: &str,
        factor_id: &str,
        secret: &str,
    ) -> serde_json::Value {
        self.answer_challenge(token, factor_id, secret, unix_now() + 30)
            .await
    }

    async fn answer_challenge(
        &self,
        token: &str,
        factor_id: &str,
        secret: &str,
        code_time: u64,
    ) -> serde_json::Value {
        let challenge: serde_json::Value = self
            .auth(
                reqwest::Method::POST,
                &format!("/factors/{factor_id}/challenge"),
            )
            .bearer_auth(token)
            .json(&serde_json::json!({"channel": null}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let code = backbeat::auth::totp_code_at(secret, code_time).unwrap();
        let response = self
            .auth(
                reqwest::Method::POST,
                &format!("/factors/{factor_id}/verify"),
            )
            .bearer_auth(token)
            .json(&serde_json::json!({"challenge_id": challenge["id"], "code": code}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "two-factor verification");
        response.json().await.unwrap()
    }
}

/// The value of `name=` in the first link of a mail.
pub fn link_param(mail: &str, name: &str) -> String {
    let start = mail
        .find(&format!("{name}="))
        .unwrap_or_else(|| panic!("no {name} in {mail}"))
        + name.len()
        + 1;
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// A POST to `/auth/v1{path}` with a JSON body, signed in when a token is given; answers the
/// status and the JSON body (null when there is none).
pub async fn auth_post(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    let mut request = app.auth(reqwest::Method::POST, path).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (
        response.status().as_u16(),
        response.json().await.unwrap_or(serde_json::Value::Null),
    )
}
