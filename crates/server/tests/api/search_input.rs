//! What a search may be sent: at most 200 characters and 10 words, said in the
//! OpenAPI document; and no search text, cursor or page size answers a server error, whatever
//! syntax of the text indexes (FTS5, tsquery) or bytes it holds.

use backbeat::errors;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::Value;

use crate::helpers::app::TestApp;
use crate::helpers::app::spawn_app;
use crate::helpers::http::{api, assert_api_error, get};
use crate::helpers::seed::{Seed, insert_track};

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// `GET /api/v1/tracks?{query}`, the query string sent as written.
async fn list(app: &TestApp, token: &str, query: &str) -> reqwest::Response {
    api(
        app,
        reqwest::Method::GET,
        &format!("/tracks?{query}"),
        token,
    )
    .send()
    .await
    .unwrap()
}

async fn search(app: &TestApp, token: &str, q: &str) -> reqwest::Response {
    list(app, token, &format!("q={}", urlencode(q))).await
}

/// A catalogue whose words the hostile searches below can reach.
async fn seed_catalogue(app: &TestApp) -> String {
    let (user, token) = app.user("Uploader").await;
    for (title, artist, album, genre) in [
        ("Near Or Far", "Not And Or", Some("NEAR"), Some("Rock")),
        (
            "Hawaiʻi Aloha",
            "Iz",
            Some("Facing Future"),
            Some("Hawaiian"),
        ),
        ("Beyoncé", "Rtl שלום", Some("عربي"), Some("Pop")),
        ("Emoji 🎵 Song", "Combining é", None, None),
        ("Ｆｕｌｌ Width", "ŉ Modifier ʼ", None, None),
    ] {
        insert_track(
            app,
            Seed {
                album,
                genre,
                plays: 3,
                ..Seed::ready(&user, title, artist)
            },
        )
        .await;
    }
    token
}

#[tokio::test]
async fn a_search_over_200_characters_or_10_words_is_refused_with_400() {
    let app = spawn_app().await;
    let token = seed_catalogue(&app).await;
    let words = |n: usize| vec!["near"; n].join(" ");

    let ten_words = search(&app, &token, &format!("  {}  ", words(10))).await;
    let long_word = search(&app, &token, &"é".repeat(200)).await;
    let eleven_words = search(&app, &token, &words(11)).await;
    let eleven_joined = search(&app, &token, &["or"; 11].join("-")).await;
    let over_200 = search(&app, &token, &"a".repeat(201)).await;
    // The reproduction: 20,000 words, 40 KB.
    let huge = search(&app, &token, &vec!["a"; 20_000].join(" ")).await;

    assert_eq!(ten_words.status(), 200);
    assert_eq!(long_word.status(), 200);
    for refused in [eleven_words, eleven_joined, over_200, huge] {
        let message = assert_api_error(refused, 400, "search_too_long").await;
        assert_eq!(message, errors::SEARCH_TOO_LONG.message);
    }
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let parameters = document["paths"]["/api/v1/tracks"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let q = parameters.iter().find(|p| p["name"] == "q").unwrap();
    assert_eq!(q["schema"]["maxLength"], 200, "{q}");
    assert!(
        q["description"].as_str().unwrap().contains("10 words"),
        "{q}"
    );
}

/// Search texts written to break a text index's query syntax, an encoding or a length rule.
fn hostile_texts() -> Vec<String> {
    let mut texts: Vec<String> = [
        "\"",
        "\"\"",
        "\"near",
        "near\"",
        "'",
        "''",
        "'near'",
        "*",
        "near*",
        "*near",
        "**",
        ":",
        "near:",
        "title:near",
        "{title}: near",
        "-",
        "-near",
        "near -or",
        "^",
        "^near",
        "NEAR",
        "NEAR(near or)",
        "near NEAR/2 or",
        "AND",
        "OR",
        "NOT",
        "near AND or",
        "near OR or",
        "NOT near",
        "near NOT or",
        "(",
        ")",
        "()",
        "(near",
        "near)",
        "((((near))))",
        "\\",
        "\\\\",
        "near\\",
        "\\'",
        "&",
        "|",
        "!",
        "!near",
        "near & or",
        "near | or",
        "near <-> or",
        "near <2> or",
        "near:*",
        "near:A",
        "near:*AB",
        "'near':*",
        "%",
        "_",
        "%_%",
        ";",
        "; DROP TABLE tracks; --",
        "near' OR '1'='1",
        "\0",
        "near\0or",
        "\u{1}\u{2}\u{1b}[31m",
        "\t\r\n",
        "\u{7f}",
        "\u{85}",
        "\u{feff}near",
        "\u{200b}",
        "\u{fffd}",
        "🎵",
        "🎵🎶🎸",
        "👩‍👩‍👧‍👦",
        "e\u{301}\u{301}\u{301}",
        "\u{301}",
        "\u{20dd}",
        "שלום",
        "عربي",
        "\u{202e}near",
        "\u{200f}שלום\u{200e}",
        "Hawaiʻi",
        "ʼ",
        "ʻʼˈʹʽ",
        "ŉ",
        "aʼb:*",
        "ː",
        "½",
        "²",
        "Ⅻ",
        "①",
        "ﬁ",
        "Ｆｕｌｌ",
        "ー",
        "々",
        "ा",
        "𝔸𝕓𝕔",
        "İstanbul",
        "ß",
        "ǅ",
        "near near near",
        " ",
        "   ",
        "\u{3000}",
        "\u{a0}near\u{a0}",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    texts.push("a".repeat(200));
    texts.push("ʼ".repeat(200));
    texts.push("🎵".repeat(200));
    texts.push("\0".repeat(300));
    texts.push(" ".repeat(5000));
    texts.push(["near"; 10].join(" "));
    texts.push(["near"; 11].join(" "));
    texts.push(["\"near\"*"; 10].join(" OR "));
    texts.push("(".repeat(150));
    texts.push(["ʼa"; 10].join(" "));
    texts
}

#[tokio::test]
async fn no_search_input_answers_a_server_error() {
    let app = spawn_app().await;
    let token = seed_catalogue(&app).await;
    let page = get(&app, "/tracks?limit=1", &token).await;
    let cursor = page["next_cursor"].as_str().unwrap().to_owned();
    let encoded = |text: &str| URL_SAFE_NO_PAD.encode(text);

    let mut queries: Vec<String> = hostile_texts()
        .iter()
        .map(|text| format!("q={}", urlencode(text)))
        .collect();
    // Bytes that are no UTF-8 (a lone surrogate, overlong forms, stray continuation bytes)
    // and percent signs that encode nothing.
    for raw in [
        "%ED%A0%80",
        "%ED%BF%BF",
        "a%ED%A0%80b",
        "%FF",
        "%FE%FF",
        "%C0%AF",
        "%80",
        "%E2%82",
        "%F4%90%80%80",
        "%00",
        "%",
        "%%",
        "%zz",
        "%2",
        "+",
        "a+b",
        "&",
        "=",
        "==",
    ] {
        queries.push(format!("q={raw}"));
    }
    queries.extend([
        "q=a&q=b".to_owned(),
        "q".to_owned(),
        "q=".to_owned(),
        format!("q=near&cursor={cursor}"),
        format!("q=near&limit=1&cursor={cursor}"),
    ]);
    // Cursors and page sizes, alone and with a search.
    for search in ["", "q=near&"] {
        for cursor in [
            "x".to_owned(),
            "%00".to_owned(),
            "=".repeat(10),
            "a".repeat(5000),
            encoded("1|2026-01-01T00:00:00Z|\0"),
            encoded("1|2026-01-01T00:00:00Z|x\u{1}y"),
            encoded(&format!("1|2026-01-01T00:00:00Z|{}", "x".repeat(3000))),
            encoded("9223372036854775807|9999-12-31T23:59:59-23:59|z"),
            encoded("-9223372036854775808|0001-01-01T00:00:00+23:59|"),
            encoded("1125899906842624|2026-01-01T00:00:00Z|🎵"),
            encoded("1|not a time|x"),
            encoded("||"),
        ] {
            queries.push(format!("{search}cursor={cursor}"));
        }
        for limit in [
            "0",
            "1",
            "100",
            "101",
            "-1",
            "4294967295",
            "4294967296",
            "99999999999999999999",
            "1.5",
            "abc",
            "",
            "%00",
            "1e3",
        ] {
            queries.push(format!("{search}limit={limit}"));
        }
    }

    let mut failures = Vec::new();
    for query in &queries {
        let response = list(&app, &token, query).await;
        let status = response.status().as_u16();
        if status != 200 && status != 400 {
            failures.push(format!(
                "{query}: {status} {}",
                response.text().await.unwrap()
            ));
        } else if status == 400 {
            let body: Value = response.json().await.unwrap();
            assert!(
                body["code"].is_string() && body["error"].is_string(),
                "{query}: {body}"
            );
        }
    }
    assert!(
        failures.is_empty(),
        "answered other than 200 or 400:\n{}",
        failures.join("\n")
    );
    // The catalogue still answers afterwards.
    assert_eq!(get(&app, "/tracks?q=near", &token).await["total"], 1);
}
