//! Several nodes on one database: nodes given one set of secrets (generated once by
//! `backbeat keys generate`, as files or as variables) accept each other's access tokens, refresh
//! tokens, stream URLs and webhook signatures; on PostgreSQL a node with other secrets refuses to
//! start and says which setting to fix, until `backbeat keys adopt` records new ones, while
//! SQLite's one process takes a changed set as it always did. (One budget of sign-in attempts for
//! every node: guessing.rs; of AutoMix starts: stems.rs; of withdrawals: payouts.rs.)

use std::path::{Path, PathBuf};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, backend, spawn_app_with};
use crate::helpers::cli::{backbeat, backbeat_alone, stdout};
use crate::helpers::http::get;
use crate::helpers::media::{TrackForm, upload, wait_until_processed};
use crate::helpers::payments::{event, now, post_webhook, signature};

/// The address users reach every node at (a load balancer's): the tokens' issuer.
const PUBLIC_URL: &str = "http://backbeat.test";

/// Runs `backbeat keys generate --out <dir>/set`; answers the folder.
async fn generated_set(dir: &Path) -> PathBuf {
    let set = dir.join("set");
    let out = set.display().to_string();
    let output = backbeat_alone(&["keys", "generate", "--out", &out]).await;
    assert!(stdout(&output).contains("BACKBEAT_KEYS_DIR="));
    set
}

fn read(path: PathBuf) -> String {
    String::from_utf8(std::fs::read(path).unwrap()).unwrap()
}

/// `GET /auth/v1/user` on `app` with `token`: the status.
async fn user_status(app: &TestApp, token: &str) -> u16 {
    let response = app.auth(Method::GET, "/user").bearer_auth(token).send();
    response.await.unwrap().status().as_u16()
}

#[tokio::test]
async fn nodes_with_one_set_of_secrets_accept_each_others_tokens_links_and_webhooks() {
    let dir = tempfile::tempdir().unwrap();
    let set = generated_set(dir.path()).await;
    // One node reads the set's folder, the other the same secrets as variables.
    let a = spawn_app_with(|config| {
        config.public_url = Some(PUBLIC_URL.into());
        config.keys_dir = Some(set.clone());
    })
    .await;
    let webhook_secret = read(set.join("sandbox-webhook-secret"));
    let b = a
        .try_spawn_node(|config| {
            config.keys_dir = None;
            config.auth.jwt_private_key = Some(read(set.join("jwt-es256.pem")));
            config.instance_secret =
                Some(hex::encode(std::fs::read(set.join("secret.key")).unwrap()));
            config.payments.sandbox_webhook_secret = Some(webhook_secret.clone());
        })
        .await
        .unwrap();
    let session = a
        .sign_up("ana@example.com", "correct horse battery", "Ana")
        .await;
    let access = session["access_token"].as_str().unwrap();

    let on_b = user_status(&b, access).await;
    let refreshed = b
        .auth(Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": session["refresh_token"]}))
        .send()
        .await
        .unwrap();

    assert_eq!(on_b, 200, "an access token of node a on node b");
    assert_eq!(
        refreshed.status(),
        200,
        "a refresh token of node a on node b"
    );
    let refreshed: Value = refreshed.json().await.unwrap();
    let access_b = refreshed["access_token"].as_str().unwrap();
    assert_eq!(user_status(&a, access_b).await, 200);
    // A stream URL signed by one node plays on the other.
    let track = upload(&a, access, &TrackForm::new("Song", "Ana")).await;
    let id = track["id"].as_str().unwrap();
    assert_eq!(
        wait_until_processed(&a, access, id).await["status"],
        "ready"
    );
    let signed = get(&a, &format!("/tracks/{id}/stream-url"), access).await;
    let url = signed["url"].as_str().expect("a stream URL");
    let streamed = b.client.get(b.url(url)).send().await.unwrap();
    assert_eq!(streamed.status(), 200, "node a's stream URL on node b");
    assert!(!streamed.bytes().await.unwrap().is_empty());
    // A webhook event signed with the shared secret is taken by either node; another is not.
    let body = serde_json::to_vec(&event(
        "evt_cluster_1",
        "customer.created",
        now(),
        json!({}),
    ))
    .unwrap();
    let taken = post_webhook(
        &b,
        "sandbox",
        Some(&signature(&webhook_secret, &body)),
        &body,
    )
    .await;
    let forged = post_webhook(&b, "sandbox", Some(&signature("whsec_other", &body)), &body).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(forged.status(), 400);
}

#[tokio::test]
async fn a_node_with_other_secrets_refuses_to_start_saying_what_to_fix_until_they_are_adopted() {
    if backend() != "postgres" {
        return; // Several nodes share PostgreSQL; SQLite's case is the test below.
    }
    let dir = tempfile::tempdir().unwrap();
    let a = spawn_app_with(|_| {}).await;
    let own_keys = a.data_dir.join("keys");
    let other_set = generated_set(dir.path()).await;

    // Keys of its own (generated in its own data folder): everything differs.
    let all_differ = a.try_spawn_node(|_| {}).await.err().expect("refused");
    // The first node's signing key and webhook secret, another instance secret.
    let one_differs = a
        .try_spawn_node(|config| {
            config.auth.jwt_private_key_file = Some(own_keys.join("jwt-es256.pem"));
            config.payments.sandbox_webhook_secret =
                Some(read(own_keys.join("sandbox-webhook-secret")));
            config.instance_secret = Some("11".repeat(32));
        })
        .await
        .err()
        .expect("refused");

    let all_differ = format!("{all_differ:#}");
    for part in [
        "access-token signing key",
        "BACKBEAT_JWT_PRIVATE_KEY_FILE",
        "instance secret",
        "BACKBEAT_INSTANCE_SECRET",
        "sandbox payments webhook secret",
        "backbeat keys adopt",
    ] {
        assert!(all_differ.contains(part), "{part:?} missing: {all_differ}");
    }
    let one_differs = format!("{one_differs:#}");
    assert!(one_differs.contains("instance secret"), "{one_differs}");
    assert!(
        one_differs.contains("comes from BACKBEAT_INSTANCE_SECRET"),
        "{one_differs}"
    );
    assert!(
        !one_differs.contains("access-token signing key"),
        "{one_differs}"
    );
    // Nothing of the refused nodes was recorded: the first node's secrets still start.
    let same = a
        .try_spawn_node(|c| c.keys_dir = Some(own_keys.clone()))
        .await;
    assert!(same.is_ok(), "{:#}", same.err().unwrap());

    // Changing every node's secrets on purpose: the new set is adopted once.
    let set_dir = other_set.display().to_string();
    let adopted = backbeat(&a, &["keys", "adopt"], &[("BACKBEAT_KEYS_DIR", &set_dir)]).await;
    let adopted = stdout(&adopted);
    assert!(adopted.contains("replaces the one recorded"), "{adopted}");
    let new_node = a
        .try_spawn_node(|c| c.keys_dir = Some(other_set.clone()))
        .await;
    let old_node = a
        .try_spawn_node(|c| c.keys_dir = Some(own_keys.clone()))
        .await;
    assert!(new_node.is_ok(), "{:#}", new_node.err().unwrap());
    assert!(
        old_node.is_err(),
        "a node with the replaced secrets started"
    );
}

#[tokio::test]
async fn on_sqlite_a_server_with_a_new_set_of_secrets_starts_and_records_it() {
    if backend() != "sqlite" {
        return; // PostgreSQL refuses: the test above.
    }
    let app = spawn_app_with(|_| {}).await;

    // As a server started on a restored copy of the database, in a new data folder.
    let restored = app
        .try_spawn_node(|config| config.node_id = Some("restored".into()))
        .await;

    assert!(restored.is_ok(), "{:#}", restored.err().unwrap());
    let recorded_by: Vec<String> = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT recorded_by FROM key_fingerprints").fetch_all(pool).await.unwrap());
    assert_eq!(recorded_by, ["restored", "restored", "restored"]);
}
