use crate::helpers::app::spawn_app;

#[tokio::test]
async fn plans_list_free_basic_and_premium_with_their_limits() {
    let app = spawn_app().await;

    let response = app.get("/api/v1/plans").await;

    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    let plans = body["plans"].as_array().unwrap();
    let summary: Vec<_> = plans
        .iter()
        .map(|p| {
            (
                p["id"].clone(),
                p["price_cents"].clone(),
                p["upload_limit"].clone(),
                p["ads"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("free".into(), 0.into(), 50.into(), true.into()),
            ("basic".into(), 499.into(), 100.into(), false.into()),
            (
                "premium".into(),
                999.into(),
                serde_json::Value::Null,
                false.into()
            ),
        ]
    );
    assert_eq!(plans[1]["stream_quality"], "high");
    assert_eq!(plans[2]["stream_quality_label"], "Lossless (FLAC)");
    assert!(
        plans[0]["features"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f == "Ads")
    );
}
