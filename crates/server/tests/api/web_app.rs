use crate::helpers::app::spawn_app;

#[tokio::test]
async fn the_root_serves_index_html_revalidated_on_every_use() {
    let app = spawn_app().await;

    let response = app.get("/").await;

    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-cache");
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    assert!(response.text().await.unwrap().contains("<div id=\"root\">"));
}

#[tokio::test]
async fn client_side_routes_get_index_html() {
    let app = spawn_app().await;

    for path in [
        "/faq",
        "/terms",
        "/track/0190f5c2-aaaa",
        "/artist/Some%20One",
        "/no/such/page",
        "/missing.png",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.text().await.unwrap().contains("<div id=\"root\">"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app().await;

    let response = app.get("/assets/index-3f9a1c2b.js").await;

    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        response.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert!(response.text().await.unwrap().starts_with("console.log("));
}

#[tokio::test]
async fn an_unchanged_index_is_answered_304() {
    let app = spawn_app().await;
    let first = app.get("/").await;
    let e_tag = first.headers()["etag"].clone();

    let second = app
        .client
        .get(app.url("/"))
        .header("if-none-match", e_tag)
        .send()
        .await
        .unwrap();

    assert_eq!(second.status(), 304);
}

#[tokio::test]
async fn a_missing_asset_is_404_not_the_index_page() {
    let app = spawn_app().await;

    let response = app.get("/assets/index-00000000.js").await;

    assert_eq!(response.status(), 404);
}

#[tokio::test]
async fn paths_cannot_leave_the_web_folder() {
    let app = spawn_app().await;

    let response = app.get("/assets/..%2F..%2Fetc%2Fpasswd").await;
    assert_eq!(response.status(), 404);
    let response = app.get("/..%2F..%2Fetc%2Fpasswd").await;
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("<div id=\"root\">"));
}

#[tokio::test]
async fn posting_to_a_web_path_is_refused() {
    let app = spawn_app().await;

    let response = app.client.post(app.url("/faq")).send().await.unwrap();

    assert_eq!(response.status(), 405);
}
