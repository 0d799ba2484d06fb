//! `/api/v1/me/profile`, `/api/v1/me/avatar`, `/api/v1/profiles/{id}` with follows, its public
//! playlists, tracks and artist names, the artist page's follow, and the avatars served under
//! `/media`.

use std::io::Cursor;
use std::path::PathBuf;

use image::{DynamicImage, ImageBuffer, ImageFormat, Rgb, Rgba};
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{Part, api, assert_api_error, call, call_ok, get, multipart};
use crate::helpers::seed::{Seed, insert_track};

const TWO_MB: usize = 2 * 1024 * 1024;

async fn my_profile(app: &TestApp, token: &str) -> Value {
    let response = api(app, Method::GET, "/me/profile", token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

async fn patch_profile(app: &TestApp, token: &str, body: Value) -> Response {
    api(app, Method::PATCH, "/me/profile", token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// A multipart body with one file field, written out by hand so that tests control every byte.
async fn upload_avatar_as(
    app: &TestApp,
    token: &str,
    file_name: &str,
    content_type: &'static str,
    bytes: &[u8],
) -> Response {
    let (header, body) = multipart(&[Part::file(
        "avatar",
        file_name,
        content_type,
        bytes.to_vec(),
    )]);
    api(app, Method::POST, "/me/avatar", token)
        .header("content-type", header)
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn upload_avatar(app: &TestApp, token: &str, png: &[u8]) -> Value {
    let response = upload_avatar_as(app, token, "me.png", "image/png", png).await;
    assert_eq!(response.status(), 200, "avatar upload");
    response.json().await.unwrap()
}

fn encode(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn opaque_png(width: u32, height: u32) -> Vec<u8> {
    encode(
        ImageBuffer::from_pixel(width, height, Rgb([220u8, 40, 90])).into(),
        ImageFormat::Png,
    )
}

fn transparent_png(width: u32, height: u32) -> Vec<u8> {
    encode(
        ImageBuffer::from_pixel(width, height, Rgba([20u8, 40, 220, 100])).into(),
        ImageFormat::Png,
    )
}

/// Inserts a `tEXt` chunk after the PNG header chunk.
fn with_png_text(png: &[u8], keyword: &str, text: &str) -> Vec<u8> {
    let ihdr_end = 8 + 4 + 4 + 13 + 4;
    let mut data = keyword.as_bytes().to_vec();
    data.push(0);
    data.extend_from_slice(text.as_bytes());
    let mut chunk = Vec::new();
    chunk.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let mut typed = b"tEXt".to_vec();
    typed.extend_from_slice(&data);
    chunk.extend_from_slice(&typed);
    chunk.extend_from_slice(&crc32(&typed).to_be_bytes());
    [&png[..ihdr_end], &chunk, &png[ihdr_end..]].concat()
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Inserts an EXIF segment (orientation 6: rotate 90 degrees clockwise, plus a marker text)
/// after the JPEG start marker.
fn with_jpeg_exif(jpeg: &[u8], marker: &str) -> Vec<u8> {
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend_from_slice(b"MM\0\x2a\0\0\0\x08"); // big-endian TIFF, first IFD at 8
    exif.extend_from_slice(&[0, 1]); // one entry
    exif.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]); // Orientation = 6
    exif.extend_from_slice(&[0, 0, 0, 0]); // no next IFD
    exif.extend_from_slice(marker.as_bytes());
    let length = u16::try_from(exif.len() + 2).unwrap();
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&length.to_be_bytes());
    segment.extend_from_slice(&exif);
    [&jpeg[..2], &segment, &jpeg[2..]].concat()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Every file under `<data_dir>/media/avatars`.
fn avatar_files(app: &TestApp) -> Vec<PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&app.data_dir.join("media/avatars"), &mut files);
    files.sort();
    files
}

fn file_of(app: &TestApp, avatar_url: &Value) -> PathBuf {
    let path = avatar_url
        .as_str()
        .and_then(|url| url.strip_prefix("/media/"))
        .unwrap_or_else(|| panic!("{avatar_url} is not a media path"));
    app.data_dir.join("media").join(path)
}

async fn profile_row(app: &TestApp, id: &str) -> (String, String, Option<String>) {
    backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT name, bio, avatar_key FROM profiles WHERE id = $1")
        .bind(id).fetch_one(pool).await.unwrap())
}

// --- reading -------------------------------------------------------------------------------

#[tokio::test]
async fn reading_my_profile_shows_my_account_on_the_free_plan() {
    let app = spawn_app().await;
    let (id, token) = app.user("Ana Lima").await;

    let profile = my_profile(&app, &token).await;

    assert_eq!(profile["id"], id.as_str());
    assert_eq!(profile["name"], "Ana Lima");
    assert!(profile["email"].as_str().unwrap().starts_with("ana.lima-"));
    assert_eq!(profile["avatar_url"], Value::Null);
    assert_eq!(profile["bio"], "");
    assert_eq!(
        profile["social_links"],
        json!({"twitter": null, "instagram": null, "spotify": null})
    );
    assert_eq!(profile["subscription_plan"], "free");
    assert_eq!(profile["follower_count"], 0);
    assert_eq!(profile["following_count"], 0);
    assert!(profile["created_at"].is_string());
    assert!(profile["updated_at"].is_string());
}

#[tokio::test]
async fn a_missing_profile_is_created_on_the_free_plan_when_read() {
    let app = spawn_app().await;
    let (id, token) = app.user("Bo Rivers").await;
    backbeat::on_db!(&app.db, pool =>
        sqlx::query("DELETE FROM profiles WHERE id = $1").bind(&id).execute(pool).await.map(drop).unwrap());

    let profile = my_profile(&app, &token).await;

    assert_eq!(profile["id"], id.as_str());
    assert_eq!(profile["name"], "Bo Rivers");
    assert_eq!(profile["subscription_plan"], "free");
    let rows: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM profiles WHERE id = $1").bind(&id).fetch_one(pool).await.unwrap());
    assert_eq!(rows, 1);
}

#[tokio::test]
async fn an_unknown_stored_plan_reads_as_free() {
    let app = spawn_app().await;
    let (id, token) = app.user("Cy").await;
    backbeat::on_db!(&app.db, pool =>
        sqlx::query("UPDATE profiles SET subscription_plan = 'gold' WHERE id = $1").bind(&id).execute(pool).await.map(drop).unwrap());

    let profile = my_profile(&app, &token).await;

    assert_eq!(profile["subscription_plan"], "free");
}

#[tokio::test]
async fn anonymous_requests_are_refused_with_401() {
    let app = spawn_app().await;
    let (other, _) = app.user("Dee").await;
    let (content_type, body) =
        multipart(&[Part::file("avatar", "a.png", "image/png", opaque_png(4, 4))]);

    let requests = [
        app.client.get(app.url("/api/v1/me/profile")),
        app.client
            .patch(app.url("/api/v1/me/profile"))
            .json(&json!({"name": "X"})),
        app.client
            .post(app.url("/api/v1/me/avatar"))
            .header("content-type", content_type)
            .body(body),
        app.client
            .get(app.url(&format!("/api/v1/profiles/{other}"))),
        app.client
            .put(app.url(&format!("/api/v1/profiles/{other}/follow"))),
        app.client
            .delete(app.url(&format!("/api/v1/profiles/{other}/follow"))),
    ];

    for request in requests {
        let response = request.send().await.unwrap();
        assert_api_error(response, 401, "unauthorized").await;
    }
    assert!(avatar_files(&app).is_empty());
}

// --- updating ------------------------------------------------------------------------------

#[tokio::test]
async fn updating_name_bio_and_links_changes_only_the_fields_sent() {
    let app = spawn_app().await;
    let (_, token) = app.user("Eve").await;

    let response = patch_profile(
        &app,
        &token,
        json!({
            "name": "  Eve Stone  ",
            "bio": "Synths and field recordings.",
            "social_links": {"twitter": "https://twitter.com/eve", "spotify": "https://open.spotify.com/artist/1"}
        }),
    )
    .await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(profile["name"], "Eve Stone");
    assert_eq!(profile["bio"], "Synths and field recordings.");
    assert_eq!(
        profile["social_links"],
        json!({"twitter": "https://twitter.com/eve", "instagram": null, "spotify": "https://open.spotify.com/artist/1"})
    );

    let response = patch_profile(
        &app,
        &token,
        json!({"social_links": {"instagram": "https://instagram.com/eve"}}),
    )
    .await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(profile["name"], "Eve Stone", "a name not sent is kept");
    assert_eq!(profile["bio"], "Synths and field recordings.");
    assert_eq!(
        profile["social_links"],
        json!({"twitter": "https://twitter.com/eve", "instagram": "https://instagram.com/eve", "spotify": "https://open.spotify.com/artist/1"})
    );
    assert_eq!(my_profile(&app, &token).await, profile);
}

#[tokio::test]
async fn a_link_sent_as_null_or_empty_is_cleared() {
    let app = spawn_app().await;
    let (_, token) = app.user("Fay").await;
    patch_profile(
        &app,
        &token,
        json!({"social_links": {"twitter": "https://twitter.com/fay", "instagram": "https://instagram.com/fay", "spotify": "https://open.spotify.com/fay"}}),
    )
    .await;

    let response = patch_profile(
        &app,
        &token,
        json!({"social_links": {"twitter": null, "instagram": ""}}),
    )
    .await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(
        profile["social_links"],
        json!({"twitter": null, "instagram": null, "spotify": "https://open.spotify.com/fay"})
    );
}

#[tokio::test]
async fn an_invalid_field_is_refused_with_its_message_and_nothing_changes() {
    let app = spawn_app().await;
    let (_, token) = app.user("Gus").await;
    patch_profile(&app, &token, json!({"bio": "before"})).await;
    let before = my_profile(&app, &token).await;

    let cases = [
        (
            json!({"name": "   "}),
            "invalid_name",
            "Please enter a display name.",
        ),
        (
            json!({"name": ""}),
            "invalid_name",
            "Please enter a display name.",
        ),
        (
            json!({"name": "n".repeat(81)}),
            "invalid_name",
            "Display name must be at most 80 characters.",
        ),
        (
            json!({"bio": "b".repeat(501)}),
            "invalid_bio",
            "Bio must be at most 500 characters.",
        ),
        (
            json!({"name": "Valid", "social_links": {"twitter": "javascript:alert(1)"}}),
            "invalid_social_link",
            "Social links must start with http:// or https://",
        ),
        (
            json!({"social_links": {"instagram": "data:text/html,<b>hi</b>"}}),
            "invalid_social_link",
            "Social links must start with http:// or https://",
        ),
        (
            json!({"bio": "changed", "social_links": {"spotify": "ftp://files.example.com/x"}}),
            "invalid_social_link",
            "Social links must start with http:// or https://",
        ),
        (
            json!({"social_links": {"twitter": "twitter.com/gus"}}),
            "invalid_social_link",
            "Social links must start with http:// or https://",
        ),
    ];

    for (body, code, message) in cases {
        let response = patch_profile(&app, &token, body.clone()).await;
        let error = assert_api_error(response, 422, code).await;
        assert_eq!(error, message, "for {body}");
    }
    assert_eq!(my_profile(&app, &token).await, before);
}

#[tokio::test]
async fn a_name_of_80_characters_and_a_bio_of_500_are_accepted() {
    let app = spawn_app().await;
    let (_, token) = app.user("Hal").await;

    let response = patch_profile(
        &app,
        &token,
        json!({"name": "ñ".repeat(80), "bio": "b".repeat(500)}),
    )
    .await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(profile["name"].as_str().unwrap().chars().count(), 80);
    assert_eq!(profile["bio"].as_str().unwrap().len(), 500);
}

#[tokio::test]
async fn email_cannot_be_changed_here() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ivy").await;
    let before = my_profile(&app, &token).await;

    let response = patch_profile(
        &app,
        &token,
        json!({"name": "Ivy New", "email": "other@example.com"}),
    )
    .await;

    let error = assert_api_error(response, 422, "email_read_only").await;
    assert_eq!(error, "Email cannot be changed here.");
    assert_eq!(my_profile(&app, &token).await, before);
}

#[tokio::test]
async fn the_plan_and_unknown_fields_are_not_writable() {
    let app = spawn_app().await;
    let (_, token) = app.user("Jo").await;
    let before = my_profile(&app, &token).await;

    for body in [
        json!({"subscription_plan": "premium"}),
        json!({"name": "Jo", "subscription_plan": "premium"}),
        json!({"featured_playlist": "p1"}),
        json!({"avatar_url": "https://evil.example/a.png"}),
        json!({"social_links": {"myspace": "https://myspace.com/jo"}}),
        json!({"follower_count": 1000}),
    ] {
        let response = patch_profile(&app, &token, body.clone()).await;
        assert_eq!(response.status(), 422, "for {body}");
    }
    let after = my_profile(&app, &token).await;
    assert_eq!(after, before);
    assert_eq!(after["subscription_plan"], "free");
}

#[tokio::test]
async fn a_user_cannot_change_another_users_profile() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    patch_profile(&app, &ana_token, json!({"bio": "Ana's bio"})).await;
    let ana_before = profile_row(&app, &ana).await;

    // The only write endpoints act on the caller; an id in the body is an unknown field.
    let response =
        patch_profile(&app, &bo_token, json!({"name": "Hijacked", "bio": "pwned"})).await;
    assert_eq!(response.status(), 200);
    let response = patch_profile(&app, &bo_token, json!({"id": ana, "name": "Hijacked"})).await;
    assert_eq!(response.status(), 422);
    let response = api(&app, Method::PATCH, &format!("/profiles/{ana}"), &bo_token)
        .json(&json!({"name": "Hijacked"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);

    assert_eq!(profile_row(&app, &ana).await, ana_before);
    assert_eq!(
        profile_row(&app, &bo).await,
        ("Hijacked".to_owned(), "pwned".to_owned(), None)
    );
}

// --- avatars -------------------------------------------------------------------------------

#[tokio::test]
async fn an_uploaded_avatar_is_stored_at_its_documented_path_without_metadata() {
    let app = spawn_app().await;
    let (id, token) = app.user("Kai").await;
    let png = with_png_text(&transparent_png(64, 48), "Comment", "secret-location-42");
    assert!(
        image::load_from_memory(&png).is_ok(),
        "the test image is valid"
    );
    assert!(contains(&png, b"secret-location-42"));

    let started = chrono::Utc::now().timestamp_millis();
    let profile = upload_avatar(&app, &token, &png).await;

    let url = profile["avatar_url"].as_str().unwrap();
    let name = url
        .strip_prefix(&format!("/media/avatars/{id}/{id}-"))
        .unwrap_or_else(|| panic!("unexpected avatar url {url}"));
    let millis: i64 = name.strip_suffix(".png").unwrap().parse().unwrap();
    assert!(millis >= started && millis <= chrono::Utc::now().timestamp_millis());
    let stored = std::fs::read(file_of(&app, &profile["avatar_url"])).unwrap();
    assert_eq!(image::guess_format(&stored).unwrap(), ImageFormat::Png);
    assert!(!contains(&stored, b"tEXt"), "the metadata chunk is gone");
    assert!(!contains(&stored, b"secret-location-42"));
    let decoded = image::load_from_memory(&stored).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (64, 48));
    assert_eq!(my_profile(&app, &token).await["avatar_url"], url);
}

#[tokio::test]
async fn a_jpeg_avatar_loses_its_exif_and_keeps_its_orientation() {
    let app = spawn_app().await;
    let (_, token) = app.user("Lu").await;
    let jpeg = encode(
        ImageBuffer::from_pixel(40, 20, Rgb([10u8, 200, 30])).into(),
        ImageFormat::Jpeg,
    );
    let jpeg = with_jpeg_exif(&jpeg, "GPS 52.52N 13.40E");
    assert!(contains(&jpeg, b"Exif"));

    let response = upload_avatar_as(&app, &token, "photo.jpg", "image/jpeg", &jpeg).await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert!(profile["avatar_url"].as_str().unwrap().ends_with(".jpg"));
    let stored = std::fs::read(file_of(&app, &profile["avatar_url"])).unwrap();
    assert_eq!(image::guess_format(&stored).unwrap(), ImageFormat::Jpeg);
    assert!(!contains(&stored, b"Exif"));
    assert!(!contains(&stored, b"GPS 52.52N"));
    let decoded = image::load_from_memory(&stored).unwrap();
    assert_eq!(
        (decoded.width(), decoded.height()),
        (20, 40),
        "rotated as its orientation said"
    );
}

#[tokio::test]
async fn a_large_avatar_is_scaled_down_to_fit_512_pixels() {
    let app = spawn_app().await;
    let (_, token) = app.user("Mo").await;

    let profile = upload_avatar(&app, &token, &opaque_png(1200, 600)).await;

    let stored = std::fs::read(file_of(&app, &profile["avatar_url"])).unwrap();
    let decoded = image::load_from_memory(&stored).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (512, 256));
}

#[tokio::test]
async fn an_avatar_is_served_by_media_with_an_immutable_cache_header() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ned").await;
    let profile = upload_avatar(&app, &token, &transparent_png(16, 16)).await;
    let url = profile["avatar_url"].as_str().unwrap();

    let response = app.get(url).await;

    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let e_tag = headers["etag"].to_str().unwrap().to_owned();
    assert!(e_tag.starts_with('"') && e_tag.ends_with('"'));
    let body = response.bytes().await.unwrap();
    assert_eq!(
        body.as_ref(),
        std::fs::read(file_of(&app, &profile["avatar_url"])).unwrap()
    );

    let revalidated = app
        .client
        .get(app.url(url))
        .header("if-none-match", &e_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
}

#[tokio::test]
async fn media_answers_404_for_anything_but_a_stored_avatar() {
    let app = spawn_app().await;
    let (id, token) = app.user("Oz").await;
    upload_avatar(&app, &token, &opaque_png(8, 8)).await;
    std::fs::create_dir_all(app.data_dir.join("media/tracks/u1")).unwrap();
    std::fs::write(app.data_dir.join("media/tracks/u1/song.mp3"), b"ID3").unwrap();

    for path in [
        format!("/media/avatars/{id}/{id}-1.png"),
        format!("/media/avatars/{id}"),
        "/media/avatars/nobody/nobody-1.jpg".to_owned(),
        "/media/tracks/u1/song.mp3".to_owned(),
        format!("/media/avatars/{id}/..%2F..%2Ftracks%2Fu1%2Fsong.mp3"),
        "/media/avatars/..%2Ftracks/u1".to_owned(),
        "/media/whatever".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 404, "for {path}");
    }
}

#[tokio::test]
async fn an_avatar_over_2mb_is_refused_and_leaves_no_file() {
    let app = spawn_app().await;
    let (_, token) = app.user("Pia").await;
    let mut too_large = opaque_png(8, 8);
    too_large.resize(TWO_MB + 1, 0);

    let response = upload_avatar_as(&app, &token, "big.png", "image/png", &too_large).await;

    let error = assert_api_error(response, 413, "avatar_too_large").await;
    assert_eq!(error, "Image must be less than 2MB.");
    assert!(avatar_files(&app).is_empty());
    assert_eq!(my_profile(&app, &token).await["avatar_url"], Value::Null);
}

#[tokio::test]
async fn an_avatar_of_exactly_2mb_is_read_in_full() {
    let app = spawn_app().await;
    let (_, token) = app.user("Quin").await;
    // A valid PNG followed by padding: the decoder stops at the image end.
    let mut exactly = opaque_png(8, 8);
    exactly.resize(TWO_MB, 0);

    let response = upload_avatar_as(&app, &token, "big.png", "image/png", &exactly).await;

    assert_eq!(response.status(), 200);
    assert_eq!(avatar_files(&app).len(), 1);
}

#[tokio::test]
async fn a_body_far_over_the_limit_is_refused_with_the_same_message() {
    let app = spawn_app().await;
    let (_, token) = app.user("Rae").await;
    let huge = vec![0u8; 3 * TWO_MB];

    let response = upload_avatar_as(&app, &token, "huge.png", "image/png", &huge).await;

    let error = assert_api_error(response, 413, "avatar_too_large").await;
    assert_eq!(error, "Image must be less than 2MB.");
    assert!(avatar_files(&app).is_empty());
}

#[tokio::test]
async fn a_text_file_named_avatar_png_is_refused() {
    let app = spawn_app().await;
    let (_, token) = app.user("Sol").await;

    let response = upload_avatar_as(
        &app,
        &token,
        "avatar.png",
        "image/png",
        b"definitely not an image\n",
    )
    .await;

    let error = assert_api_error(response, 422, "invalid_image").await;
    assert_eq!(error, "Please select an image file.");
    assert!(avatar_files(&app).is_empty());
}

#[tokio::test]
async fn a_broken_image_and_a_gif_are_refused() {
    let app = spawn_app().await;
    let (_, token) = app.user("Tam").await;
    let truncated = opaque_png(64, 64)[..60].to_vec();
    let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();

    for (name, bytes) in [("broken.png", truncated), ("anim.gif", gif)] {
        let response = upload_avatar_as(&app, &token, name, "image/png", &bytes).await;
        let error = assert_api_error(response, 422, "invalid_image").await;
        assert_eq!(error, "Please select an image file.");
    }
    assert!(avatar_files(&app).is_empty());
}

#[tokio::test]
async fn a_png_named_gif_is_accepted_by_its_content() {
    let app = spawn_app().await;
    let (_, token) = app.user("Uma").await;

    let response = upload_avatar_as(
        &app,
        &token,
        "funny.gif",
        "image/gif",
        &transparent_png(10, 10),
    )
    .await;

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert!(profile["avatar_url"].as_str().unwrap().ends_with(".png"));
}

#[tokio::test]
async fn an_upload_without_the_avatar_field_is_refused() {
    let app = spawn_app().await;
    let (_, token) = app.user("Vic").await;
    let (content_type, body) = multipart(&[Part::file(
        "picture",
        "a.png",
        "image/png",
        opaque_png(4, 4),
    )]);

    let response = api(&app, Method::POST, "/me/avatar", &token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    // A form has its fields only (the OpenAPI document says so): `picture` is not one.
    assert_api_error(response, 400, "invalid_multipart").await;
    let (content_type, body) = multipart(&[]);
    let response = api(&app, Method::POST, "/me/avatar", &token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_api_error(response, 422, "invalid_image").await;

    let response = api(&app, Method::POST, "/me/avatar", &token)
        .json(&json!({"avatar": "x"}))
        .send()
        .await
        .unwrap();
    assert_api_error(response, 400, "invalid_multipart").await;
    assert!(avatar_files(&app).is_empty());
}

#[tokio::test]
async fn replacing_the_avatar_deletes_the_previous_file() {
    let app = spawn_app().await;
    let (_, token) = app.user("Wes").await;
    let first = upload_avatar(&app, &token, &opaque_png(8, 8)).await;
    let first_file = file_of(&app, &first["avatar_url"]);
    assert!(first_file.is_file());

    let second = upload_avatar(&app, &token, &transparent_png(8, 8)).await;

    assert_ne!(first["avatar_url"], second["avatar_url"]);
    assert!(!first_file.exists(), "the replaced file is deleted");
    assert_eq!(
        avatar_files(&app),
        vec![file_of(&app, &second["avatar_url"])]
    );
    assert_eq!(
        app.get(first["avatar_url"].as_str().unwrap())
            .await
            .status(),
        404
    );
}

#[tokio::test]
async fn a_user_cannot_change_another_users_avatar() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let ana_profile = upload_avatar(&app, &ana_token, &opaque_png(8, 8)).await;
    let ana_before = profile_row(&app, &ana).await;

    let bo_profile = upload_avatar(&app, &bo_token, &opaque_png(8, 8)).await;

    assert_eq!(profile_row(&app, &ana).await, ana_before);
    assert!(file_of(&app, &ana_profile["avatar_url"]).is_file());
    let bo_url = bo_profile["avatar_url"].as_str().unwrap();
    assert!(bo_url.starts_with(&format!("/media/avatars/{bo}/{bo}-")));
    let response = api(
        &app,
        Method::POST,
        &format!("/profiles/{ana}/avatar"),
        &bo_token,
    )
    .send()
    .await
    .unwrap();
    assert_eq!(
        response.status(),
        404,
        "there is no avatar write for another id"
    );
}

// --- public profiles and follows -----------------------------------------------------------

#[tokio::test]
async fn a_public_profile_shows_no_email_and_whether_i_follow() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    patch_profile(
        &app,
        &bo_token,
        json!({"bio": "Drummer", "social_links": {"spotify": "https://open.spotify.com/bo"}}),
    )
    .await;

    let response = api(&app, Method::GET, &format!("/profiles/{bo}"), &ana_token)
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    assert_eq!(
        profile,
        json!({
            "id": bo,
            "name": "Bo",
            "avatar_url": null,
            "bio": "Drummer",
            "social_links": {"twitter": null, "instagram": null, "spotify": "https://open.spotify.com/bo"},
            "follower_count": 0,
            "following_count": 0,
            "featured_playlist": null,
            "artist_names": [],
            "is_following": false,
            "is_me": false,
        })
    );

    let own: Value = api(&app, Method::GET, &format!("/profiles/{ana}"), &ana_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(own["is_me"], true);
    assert!(own.get("email").is_none());
    assert!(own.get("subscription_plan").is_none());
}

#[tokio::test]
async fn an_unknown_profile_is_not_found() {
    let app = spawn_app().await;
    let (_, token) = app.user("Cy").await;

    for id in [uuid::Uuid::now_v7().to_string(), "not-an-id".to_owned()] {
        let response = api(&app, Method::GET, &format!("/profiles/{id}"), &token)
            .send()
            .await
            .unwrap();
        let error = assert_api_error(response, 404, "not_found").await;
        assert_eq!(error, "Profile not found.");
    }
}

#[tokio::test]
async fn following_twice_keeps_one_follow_and_unfollowing_twice_is_harmless() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let (_, cy_token) = app.user("Cy").await;
    let follow = |token: &str, method: Method| {
        api(&app, method, &format!("/profiles/{bo}/follow"), token).send()
    };

    for _ in 0..2 {
        let response = follow(&ana_token, Method::PUT).await.unwrap();
        assert_eq!(response.status(), 200);
        let state: Value = response.json().await.unwrap();
        assert_eq!(state, json!({"following": true, "follower_count": 1}));
    }
    let state: Value = follow(&cy_token, Method::PUT)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(state, json!({"following": true, "follower_count": 2}));

    let seen_by_ana: Value = api(&app, Method::GET, &format!("/profiles/{bo}"), &ana_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(seen_by_ana["is_following"], true);
    assert_eq!(seen_by_ana["follower_count"], 2);
    assert_eq!(my_profile(&app, &ana_token).await["following_count"], 1);
    assert_eq!(my_profile(&app, &bo_token).await["follower_count"], 2);

    for _ in 0..2 {
        let response = follow(&ana_token, Method::DELETE).await.unwrap();
        assert_eq!(response.status(), 200);
        let state: Value = response.json().await.unwrap();
        assert_eq!(state, json!({"following": false, "follower_count": 1}));
    }
    let seen_by_ana: Value = api(&app, Method::GET, &format!("/profiles/{bo}"), &ana_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(seen_by_ana["is_following"], false);
    let follows: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM follows WHERE follower_id = $1").bind(&ana).fetch_one(pool).await.unwrap());
    assert_eq!(follows, 0);
}

#[tokio::test]
async fn following_yourself_is_refused() {
    let app = spawn_app().await;
    let (me, token) = app.user("Dee").await;

    let response = api(&app, Method::PUT, &format!("/profiles/{me}/follow"), &token)
        .send()
        .await
        .unwrap();

    let error = assert_api_error(response, 409, "cannot_follow_self").await;
    assert_eq!(error, "You cannot follow yourself.");
    assert_eq!(my_profile(&app, &token).await["follower_count"], 0);
}

#[tokio::test]
async fn following_or_unfollowing_an_unknown_profile_is_not_found() {
    let app = spawn_app().await;
    let (_, token) = app.user("Eli").await;
    let unknown = uuid::Uuid::now_v7();

    for method in [Method::PUT, Method::DELETE] {
        let response = api(&app, method, &format!("/profiles/{unknown}/follow"), &token)
            .send()
            .await
            .unwrap();
        let error = assert_api_error(response, 404, "not_found").await;
        assert_eq!(error, "Profile not found.");
    }
}

// --- what a profile page lists ------------------------------------------------------------

async fn new_playlist(app: &TestApp, token: &str, name: &str, visibility: &str) -> String {
    let body = json!({ "name": name });
    let created = call_ok(app, Method::POST, "/playlists", token, Some(body), 201).await;
    let id = created["id"].as_str().unwrap().to_owned();
    let change = json!({ "visibility": visibility });
    let path = format!("/playlists/{id}");
    call_ok(app, Method::PATCH, &path, token, Some(change), 200).await;
    id
}

fn names(list: &Value, key: &str, field: &str) -> Vec<String> {
    list[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item[field].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_profile_lists_only_its_public_playlists_newest_first() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    new_playlist(&app, &ana_token, "Old", "public").await;
    new_playlist(&app, &ana_token, "Hidden", "private").await;
    new_playlist(&app, &ana_token, "New", "public").await;
    new_playlist(&app, &bo_token, "Not Ana's", "public").await;
    let path = format!("/profiles/{ana}/playlists");

    let seen = get(&app, &path, &bo_token).await;
    let seen_by_ana = get(&app, &path, &ana_token).await;

    assert_eq!(names(&seen, "playlists", "name"), ["New", "Old"]);
    assert_eq!(seen["playlists"][0]["owner_name"], "Ana");
    assert_eq!(seen["playlists"][0]["is_owner"], false);
    assert_eq!(names(&seen_by_ana, "playlists", "name"), ["New", "Old"]);
    assert_eq!(seen_by_ana["playlists"][0]["is_owner"], true);
    let first = get(&app, &format!("{path}?limit=1"), &bo_token).await;
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = get(&app, &format!("{path}?limit=1&cursor={cursor}"), &bo_token).await;
    assert_eq!(names(&second, "playlists", "name"), ["Old"]);
    assert_eq!(second["next_cursor"], Value::Null);
}

#[tokio::test]
async fn a_profile_lists_its_ready_tracks_newest_first() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let at = |minutes: i64| backbeat::db::Timestamp::now() - chrono::Duration::minutes(minutes);
    insert_track(
        &app,
        Seed {
            created_at: at(3),
            ..Seed::ready(&ana, "Oldest", "Ana")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            created_at: at(2),
            ..Seed::ready(&ana, "Newer", "Ana")
        },
    )
    .await;
    let processing = Seed {
        status: "processing",
        created_at: at(1),
        ..Seed::ready(&ana, "Soon", "Ana")
    };
    insert_track(&app, processing).await;
    insert_track(&app, Seed::ready(&bo, "Bo's", "Bo")).await;
    let path = format!("/profiles/{ana}/tracks");

    let seen = get(&app, &path, &bo_token).await;
    let seen_by_ana = get(&app, &path, &ana_token).await;

    assert_eq!(names(&seen, "tracks", "title"), ["Newer", "Oldest"]);
    assert_eq!(seen["tracks"][0]["uploaded_by"], ana);
    assert_eq!(seen["tracks"][0]["status"], "ready");
    assert_eq!(seen_by_ana, seen);
    let first = get(&app, &format!("{path}?limit=1"), &bo_token).await;
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = get(&app, &format!("{path}?limit=1&cursor={cursor}"), &bo_token).await;
    assert_eq!(names(&second, "tracks", "title"), ["Oldest"]);
    assert_eq!(
        names(
            &get(&app, &format!("/profiles/{bo}/tracks"), &ana_token).await,
            "tracks",
            "title"
        ),
        ["Bo's"]
    );
}

#[tokio::test]
async fn an_unknown_profile_has_no_playlists_or_tracks() {
    let app = spawn_app().await;
    let (_, token) = app.user("Cy").await;
    let unknown = uuid::Uuid::now_v7();

    for list in ["playlists", "tracks"] {
        let response = call(
            &app,
            Method::GET,
            &format!("/profiles/{unknown}/{list}"),
            &token,
            None,
        )
        .await;
        let error = assert_api_error(response, 404, "not_found").await;
        assert_eq!(error, "Profile not found.");
    }
}

#[tokio::test]
async fn a_public_profile_names_the_artists_of_its_ready_tracks_most_tracks_first() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let artists = [
        ("Solo", 1),
        ("Duo", 2),
        ("Trio", 3),
        ("Zed", 1),
        ("Alias", 1),
        ("Extra", 1),
    ];
    for (artist, tracks) in artists {
        for n in 0..tracks {
            insert_track(&app, Seed::ready(&ana, &format!("{artist} {n}"), artist)).await;
        }
    }
    let hidden = Seed {
        status: "processing",
        ..Seed::ready(&ana, "Hidden", "Only processing")
    };
    insert_track(&app, hidden).await;

    let profile = get(&app, &format!("/profiles/{ana}"), &token).await;

    assert_eq!(
        profile["artist_names"],
        json!(["Trio", "Duo", "Alias", "Extra", "Solo"])
    );
}

#[tokio::test]
async fn a_private_featured_playlist_shows_only_on_its_owners_profile() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let playlist = new_playlist(&app, &ana_token, "Best of", "private").await;
    let feature = json!({ "featured_playlist_id": playlist });
    assert_eq!(patch_profile(&app, &ana_token, feature).await.status(), 200);
    let path = format!("/profiles/{ana}");

    assert_eq!(
        get(&app, &path, &bo_token).await["featured_playlist"],
        Value::Null
    );
    let own = &my_profile(&app, &ana_token).await["featured_playlist"];
    assert_eq!(own["id"], playlist.as_str());
    assert_eq!(own["visibility"], "private");
    assert_eq!(
        get(&app, &path, &ana_token).await["featured_playlist"]["id"],
        playlist.as_str()
    );

    let change = json!({ "visibility": "public" });
    call_ok(
        &app,
        Method::PATCH,
        &format!("/playlists/{playlist}"),
        &ana_token,
        Some(change),
        200,
    )
    .await;

    let seen = &get(&app, &path, &bo_token).await["featured_playlist"];
    assert_eq!(seen["id"], playlist.as_str());
    assert_eq!(seen["name"], "Best of");
    assert_eq!(seen["visibility"], "public");
}

#[tokio::test]
async fn the_artist_page_says_whether_i_follow_the_artists_profile() {
    let app = spawn_app().await;
    let (mira, mira_token) = app.user("Mira").await;
    let (_, token) = app.user("Bo").await;
    insert_track(&app, Seed::ready(&mira, "Tide", "Mira")).await;
    insert_track(&app, Seed::ready(&mira, "Other", "No Profile")).await;

    let before = get(&app, "/artists/Mira", &token).await;
    call_ok(
        &app,
        Method::PUT,
        &format!("/profiles/{mira}/follow"),
        &token,
        None,
        200,
    )
    .await;
    let after = get(&app, "/artists/Mira", &token).await;

    assert_eq!(before["profile_id"], mira.as_str());
    assert_eq!(before["is_following"], false);
    assert_eq!(before["is_me"], false);
    assert_eq!(after["is_following"], true);
    let own = get(&app, "/artists/Mira", &mira_token).await;
    assert_eq!(
        (own["is_me"].clone(), own["is_following"].clone()),
        (json!(true), json!(false))
    );
    let without_profile = get(&app, "/artists/No%20Profile", &token).await;
    assert_eq!(without_profile["profile_id"], Value::Null);
    assert_eq!(without_profile["is_following"], false);
    assert_eq!(without_profile["is_me"], false);
}
