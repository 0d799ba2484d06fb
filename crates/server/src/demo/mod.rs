//! Demo content: `backbeat seed-demo` creates five demo artists (accounts with profiles and
//! bios) and 30 tracks of music synthesized here, with drawn covers, across five genres, five
//! albums and singles. Tracks go through the same upload service as any upload (checks,
//! storage, monthly limit, processing job), then the command processes them.
//!
//! Running it again adds nothing: an artist's account is found by its email, a track by its
//! uploader, title and artist.

pub mod scale;

use std::io::Cursor;
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRef;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::audio::synth;
use crate::catalog::renditions;
use crate::catalog::track::TrackStatus;
use crate::catalog::upload::form::{UploadForm, UploadedFile};
use crate::catalog::upload::service::Uploads;
use crate::catalog::upload::store;
use crate::jobs::worker::{WorkerContext, Workers};
use crate::profiles::profile::service::update_my_profile;
use crate::profiles::profile::{Bio, ProfileChanges};
use crate::state::AppState;
use backbeat_core::ids::TrackId;
use backbeat_demo_content::art::{Cover, Motif, initials_of};
use backbeat_demo_content::music::{Genre, SAMPLE_RATE, Song};

/// How long the command waits for processing before it gives up waiting.
const PROCESSING_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// A demo artist: their account, profile, look and releases.
pub struct DemoArtist {
    pub slug: &'static str,
    pub name: &'static str,
    pub bio: &'static str,
    pub genre: Genre,
    pub motif: Motif,
    pub colours: ([u8; 3], [u8; 3]),
    /// Uploaded as FLAC (so premium listeners get a lossless rendition), else as MP3.
    pub lossless: bool,
    pub releases: &'static [Release],
}

/// An album (or singles, without one) and its track titles.
pub struct Release {
    pub album: Option<&'static str>,
    pub titles: &'static [&'static str],
}

/// Who and what is seeded, and how long the songs are.
pub struct Catalogue {
    pub artists: &'static [DemoArtist],
    /// Song lengths in whole seconds, inclusive.
    pub seconds: (u64, u64),
}

const DEMO: Catalogue = Catalogue {
    artists: &ARTISTS,
    seconds: (20, 40),
};

const ARTISTS: [DemoArtist; 5] = [
    DemoArtist {
        slug: "nova-static",
        name: "Nova Static",
        bio: "Synthwave from a rented room above a laundromat. Analog dreams, digital deadlines.",
        genre: Genre::Electronic,
        motif: Motif::Sun,
        colours: ([36, 11, 84], [236, 72, 153]),
        lossless: false,
        releases: &[
            Release {
                album: Some("Neon Hours"),
                titles: &[
                    "Midnight Drive",
                    "Chrome Horizon",
                    "Arcade Hearts",
                    "Afterglow Protocol",
                    "Skyline Runner",
                ],
            },
            Release {
                album: None,
                titles: &["Pixel Rain", "Static Bloom"],
            },
        ],
    },
    DemoArtist {
        slug: "the-driftwood-trio",
        name: "The Driftwood Trio",
        bio: "Piano, upright bass and brushes. Recorded live, mostly after closing time.",
        genre: Genre::Jazz,
        motif: Motif::Rings,
        colours: ([15, 32, 66], [217, 119, 6]),
        lossless: false,
        releases: &[
            Release {
                album: Some("Late Set"),
                titles: &[
                    "Blue Hour Walk",
                    "Smoke and Sevenths",
                    "Last Call Waltz",
                    "Brushwork",
                ],
            },
            Release {
                album: None,
                titles: &["Rainy Tuesday", "Café Lumière"],
            },
        ],
    },
    DemoArtist {
        slug: "kasa-lume",
        name: "Kasa Lume",
        bio: "Beats to study to, made between classes. Tape hiss included at no extra cost.",
        genre: Genre::LoFi,
        motif: Motif::Discs,
        colours: ([19, 78, 74], [251, 191, 144]),
        lossless: false,
        releases: &[
            Release {
                album: Some("Paper Lanterns"),
                titles: &[
                    "Homework Haze",
                    "Window Seat",
                    "Tea Gone Cold",
                    "Sunday Laundry",
                ],
            },
            Release {
                album: None,
                titles: &["Notebook Margins", "Slow Bus Home"],
            },
        ],
    },
    DemoArtist {
        slug: "granite-hearts",
        name: "Granite Hearts",
        bio: "Three chords, two amps, one van. Garage rock from the edge of town.",
        genre: Genre::Rock,
        motif: Motif::Bars,
        colours: ([127, 29, 29], [250, 204, 21]),
        lossless: false,
        releases: &[
            Release {
                album: Some("Weathered"),
                titles: &[
                    "Gravel Road",
                    "Loud Little Town",
                    "Rust and Thunder",
                    "Headlights",
                ],
            },
            Release {
                album: None,
                titles: &["Broken Strings", "Overdrive Summer"],
            },
        ],
    },
    DemoArtist {
        slug: "mira-sol",
        name: "Mira Sol",
        bio: "Field recordings that became songs, and songs that became weather.",
        genre: Genre::Ambient,
        motif: Motif::Waves,
        colours: ([8, 47, 73], [167, 243, 208]),
        lossless: true,
        releases: &[
            Release {
                album: Some("Tidal"),
                titles: &["Low Tide", "Salt Glass", "Undertow"],
            },
            Release {
                album: None,
                titles: &["First Light", "Øresund Fog"],
            },
        ],
    },
];

/// What a run of the seeder did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DemoReport {
    pub artists: usize,
    pub artists_created: usize,
    pub tracks: usize,
    pub tracks_uploaded: usize,
    pub ready: usize,
    pub failed: usize,
}

/// The email of a demo artist's account.
pub fn demo_email(slug: &str) -> String {
    format!("demo-{slug}@backbeat.local")
}

/// Creates what is missing of the demo content, then processes the new tracks (with
/// `job_workers` workers of this process, at least one) until they are ready or failed.
pub async fn seed(state: &AppState) -> anyhow::Result<DemoReport> {
    seed_catalogue(state, &DEMO).await
}

/// Creates what is missing of `catalogue` (the demo's, or a smaller one), then processes the new
/// tracks as [`seed`] does.
pub async fn seed_catalogue(
    state: &AppState,
    catalogue: &'static Catalogue,
) -> anyhow::Result<DemoReport> {
    let uploads = Uploads::from_ref(state);
    let workers = Workers::start(
        WorkerContext::from(state),
        &[(crate::jobs::DEFAULT_LANE, state.config.job_workers.max(1))],
    );
    let mut report = DemoReport::default();
    let mut uploaded = Vec::new();
    for artist in catalogue.artists {
        report.artists += 1;
        let email = demo_email(artist.slug);
        let user_id = match state.auth.account_id(&email).await? {
            Some(id) => id,
            None => {
                report.artists_created += 1;
                // Nobody signs in as a demo artist; the password is thrown away.
                state
                    .auth
                    .create_account(&email, random_password(), artist.name)
                    .await
                    .with_context(|| format!("cannot create the account of {}", artist.name))?
            }
        };
        let bio = ProfileChanges {
            bio: Some(Bio::parse(artist.bio)?),
            ..ProfileChanges::default()
        };
        update_my_profile(&state.db, &user_id, &bio).await?;

        for release in artist.releases {
            for title in release.titles {
                report.tracks += 1;
                if store::uploader_has_track(&state.db, &user_id, title, artist.name).await? {
                    continue;
                }
                let form = demo_form(state, catalogue, artist, release, title).await?;
                let track = uploads
                    .upload(&user_id, form)
                    .await
                    .with_context(|| format!("cannot upload {title:?} of {}", artist.name))?;
                tracing::info!(artist = artist.name, title, "uploaded a demo track");
                report.tracks_uploaded += 1;
                uploaded.push(track.id);
            }
        }
    }
    let waited = wait_for_processing(state, &uploaded, &mut report).await;
    workers.stop().await;
    waited?;
    Ok(report)
}

fn random_password() -> String {
    let mut bytes = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A number that names a piece of demo content, the same on every run.
fn seed_of(parts: &[&str]) -> u64 {
    let digest = Sha256::digest(parts.join("\n").as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}

/// The upload form of one demo track: its music and cover drawn into temporary files.
async fn demo_form(
    state: &AppState,
    catalogue: &'static Catalogue,
    artist: &'static DemoArtist,
    release: &'static Release,
    title: &'static str,
) -> anyhow::Result<UploadForm> {
    let tmp_dir = state.config.tmp_dir();
    tokio::task::spawn_blocking(move || {
        let seed = seed_of(&[artist.slug, title]);
        let (shortest, longest) = catalogue.seconds;
        let song = Song {
            genre: artist.genre,
            seed,
            seconds: (shortest + seed % (longest - shortest + 1)) as f32,
        };
        let extension = if artist.lossless { "flac" } else { "mp3" };
        let audio = tempfile::Builder::new()
            .prefix("demo-")
            .suffix(&format!(".{extension}"))
            .tempfile_in(&tmp_dir)?;
        if artist.lossless {
            synth::write_flac(
                audio.path(),
                song.seconds,
                SAMPLE_RATE,
                2,
                16,
                song.generator(),
            )?;
        } else {
            synth::write_mp3(
                audio.path(),
                song.seconds,
                SAMPLE_RATE,
                2,
                320,
                song.generator(),
            )?;
        }

        // Tracks of an album share its cover.
        let cover_seed = seed_of(&[artist.slug, release.album.unwrap_or(title)]);
        let image = Cover {
            from: artist.colours.0,
            to: artist.colours.1,
            motif: artist.motif,
            initials: &initials_of(artist.name),
            seed: cover_seed,
        }
        .draw();
        let mut jpeg = Cursor::new(Vec::new());
        image.write_to(&mut jpeg, image::ImageFormat::Jpeg)?;
        let cover = tempfile::Builder::new()
            .prefix("demo-")
            .suffix(".jpg")
            .tempfile_in(&tmp_dir)?;
        std::fs::write(cover.path(), jpeg.into_inner())?;

        Ok(UploadForm {
            audio: Some(UploadedFile {
                file: audio,
                client_name: Some(format!("{title}.{extension}")),
            }),
            cover: Some(UploadedFile {
                file: cover,
                client_name: Some(format!("{}.jpg", release.album.unwrap_or(title))),
            }),
            title: Some(title.to_owned()),
            artist: Some(artist.name.to_owned()),
            album: release.album.map(str::to_owned),
            genre: Some(artist.genre.name().to_owned()),
        })
    })
    .await?
}

/// Waits until none of `track_ids` is processing, counting how they ended.
async fn wait_for_processing(
    state: &AppState,
    track_ids: &[TrackId],
    report: &mut DemoReport,
) -> anyhow::Result<()> {
    let started = tokio::time::Instant::now();
    loop {
        let (mut ready, mut failed, mut processing) = (0, 0, 0);
        for id in track_ids {
            let status = renditions::find_source(&state.db, id)
                .await?
                .map(|source| source.status);
            match status {
                Some(TrackStatus::Ready) => ready += 1,
                Some(TrackStatus::Processing) => processing += 1,
                Some(TrackStatus::Failed) | None => failed += 1,
            }
        }
        (report.ready, report.failed) = (ready, failed);
        if processing == 0 {
            return Ok(());
        }
        anyhow::ensure!(
            started.elapsed() < PROCESSING_TIMEOUT,
            "{processing} demo tracks are still processing; a running server will finish them"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
