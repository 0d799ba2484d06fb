//! The demo content: seeding a small catalogue makes processed tracks once, with covers,
//! genres, lossless renditions and the artists' bios; seeding it again adds nothing.

use backbeat::catalog::renditions;
use backbeat::catalog::upload::store;
use backbeat::config::Config;
use backbeat::demo::{Catalogue, DemoArtist, DemoReport, Release, demo_email, seed_catalogue};
use backbeat::state::AppState;
use backbeat_demo_content::art::Motif;
use backbeat_demo_content::music::Genre;

const TINY: Catalogue = Catalogue {
    artists: &[
        DemoArtist {
            slug: "test-duo",
            name: "Test Duo",
            bio: "Two seconds of fame.",
            genre: Genre::Rock,
            motif: Motif::Bars,
            colours: ([0, 0, 0], [255, 255, 255]),
            lossless: false,
            releases: &[
                Release {
                    album: Some("First"),
                    titles: &["Opener"],
                },
                Release {
                    album: None,
                    titles: &["B-Side"],
                },
            ],
        },
        DemoArtist {
            slug: "test-drone",
            name: "Test Drone",
            bio: "Long tones.",
            genre: Genre::Ambient,
            motif: Motif::Waves,
            colours: ([10, 20, 30], [200, 210, 220]),
            lossless: true,
            releases: &[Release {
                album: None,
                titles: &["Hum"],
            }],
        },
    ],
    seconds: (1, 2),
};

#[tokio::test]
async fn seeding_creates_processed_tracks_once() {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::build(Config {
        data_dir: dir.path().to_owned(),
        job_workers: 1,
        ..Config::default()
    })
    .await
    .unwrap();

    let first = seed_catalogue(&state, &TINY).await.unwrap();
    let second = seed_catalogue(&state, &TINY).await.unwrap();

    assert_eq!(
        first,
        DemoReport {
            artists: 2,
            artists_created: 2,
            tracks: 3,
            tracks_uploaded: 3,
            ready: 3,
            failed: 0,
        }
    );
    assert_eq!(
        (
            second.artists_created,
            second.tracks,
            second.tracks_uploaded
        ),
        (0, 3, 0)
    );
    let drone = state
        .auth
        .account_id(&demo_email("test-drone"))
        .await
        .unwrap()
        .unwrap();
    let tracks = store::uploaded_by(
        &state.db,
        &drone,
        false,
        &backbeat::db::page::Position::before_descending(),
        10,
    )
    .await
    .unwrap();
    assert_eq!(tracks.len(), 1);
    assert_eq!(tracks[0].genre.as_deref(), Some("Ambient"));
    assert!(tracks[0].cover_key.is_some());
    let renditions = renditions::renditions(&state.db, &tracks[0].id)
        .await
        .unwrap();
    assert_eq!(
        renditions.len(),
        3,
        "a lossless upload has a FLAC rendition"
    );
    let profile = backbeat::profiles::profile::service::my_profile(&state.db, &drone)
        .await
        .unwrap();
    assert_eq!(profile.bio, "Long tones.");
    state.db.close().await;
}
