"""Fixtures of the Subsonic suite: one server per run, an artist with three uploaded tracks (two
on the album 'Midnight Static', one single), and a listener on the Basic plan who connects with
an app password.

The binary: $BACKBEAT_BIN, else $CARGO_TARGET_DIR/debug/backbeat, else ../../../target/debug/backbeat.
Missing, the suite is skipped (failed under CI=true). BACKBEAT_TEST_BACKEND=postgres runs it on a
fresh database on the server of TEST_DATABASE_URL.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import libsonic
import pytest

import backbeat

ARTIST = "Nova Lane"
ALBUM = "Midnight Static"
GENRE = "Synthwave"


@dataclass
class Track:
    id: str
    title: str
    album: str | None


@dataclass
class Catalogue:
    artist: backbeat.Account
    tracks: list[Track]

    def by_title(self, title: str) -> Track:
        return next(track for track in self.tracks if track.title == title)


@dataclass
class Listener:
    account: backbeat.Account
    app_password: str
    app_password_id: str


@pytest.fixture(scope="session")
def server():
    binary = backbeat.server_binary()
    if not binary.is_file():
        message = f"the backbeat server binary is missing at {binary} (build it with `make test-bin`, or set BACKBEAT_BIN)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"Subsonic client tests cannot run: {message}", pytrace=False)
        pytest.skip(f"Skipping the Subsonic client tests: {message}")
    if backbeat.backend() == "postgres" and not os.environ.get("TEST_DATABASE_URL"):
        pytest.fail("BACKBEAT_TEST_BACKEND=postgres needs TEST_DATABASE_URL", pytrace=False)
    running = backbeat.RunningServer(binary)
    try:
        yield running.start()
    finally:
        running.stop()


@pytest.fixture(scope="session")
def catalogue(server: backbeat.Server) -> Catalogue:
    artist = backbeat.sign_up(server, ARTIST)
    made = [
        ("Night Drive", ALBUM, [220.0, 261.63, 329.63, 440.0], (139, 92, 246)),
        ("City Lights", ALBUM, [246.94, 293.66, 369.99, 493.88], (217, 70, 239)),
        ("Solo Flight", None, [196.0, 246.94, 293.66, 392.0], (34, 197, 94)),
    ]
    tracks = []
    for title, album, notes, tint in made:
        track_id = backbeat.upload_ready_track(
            server,
            artist,
            title=title,
            album=album,
            genre=GENRE,
            notes=notes,
            cover=backbeat.cover_png(600, tint),
        )
        tracks.append(Track(id=track_id, title=title, album=album))
    return Catalogue(artist=artist, tracks=tracks)


@pytest.fixture(scope="session")
def listener(server: backbeat.Server, catalogue: Catalogue) -> Listener:
    account = backbeat.sign_up(server, "Ada Lovelace")
    backbeat.subscribe(server, account, "basic")
    created = backbeat.create_app_password(server, account, "py-sonic")
    return Listener(account=account, app_password=created["password"], app_password_id=created["id"])


def connect(server: backbeat.Server, username: str, password: str, **kwargs) -> libsonic.Connection:  # noqa: ANN003
    """py-sonic as an app configures it: token auth (t = md5(password + s)), form POST, JSON."""
    return libsonic.Connection(
        "http://127.0.0.1", username, password, port=server.port, appName="pytest", **kwargs
    )


@pytest.fixture
def subsonic(server: backbeat.Server, listener: Listener) -> libsonic.Connection:
    return connect(server, listener.account.email, listener.app_password)
