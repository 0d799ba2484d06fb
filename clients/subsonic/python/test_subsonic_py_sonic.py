"""The unmodified py-sonic client (PyPI) against Backbeat's OpenSubsonic API at /rest.

A listener on the Basic plan (MP3 320 kbps) connects with their email and an app password, as a
Subsonic app would, and browses, searches, streams, scrobbles, stars, keeps playlists and a play
queue, and fetches cover art; the artist's balance shows the scrobble paid. py-sonic speaks JSON
over form POST with token auth; the XML answers and the apiKey extension, which py-sonic lacks,
are asked for with the same parameters by hand.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

import libsonic
import pytest
from libsonic.errors import CredentialError, DataNotFoundError, SonicError

import backbeat
from conftest import ALBUM, ARTIST, GENRE, Catalogue, Listener, connect

SUBSONIC_NS = "{http://subsonic.org/restapi}"


class ApiKeyConnection(libsonic.Connection):
    """py-sonic sending OpenSubsonic's `apiKey` instead of `u`, `t` and `s`; otherwise unchanged."""

    def __init__(self, server: backbeat.Server, api_key: str):
        super().__init__("http://127.0.0.1", "-", api_key, port=server.port, appName="pytest")
        self._api_key = api_key

    def _getBaseQdict(self):  # noqa: N802 (py-sonic's name)
        return {"f": "json", "v": self._apiVersion, "c": self._appName, "apiKey": self._api_key}


def token_params(username: str, password: str) -> dict[str, str]:
    salt = secrets.token_hex(6)
    return {
        "u": username,
        "t": hashlib.md5((password + salt).encode()).hexdigest(),
        "s": salt,
        "v": "1.16.1",
        "c": "pytest",
    }


def rest(server: backbeat.Server, endpoint: str, params: dict[str, str]) -> tuple[int, str, bytes]:
    """A GET of /rest/<endpoint>.view as an app sends it: status, content type, body."""
    url = f"{server.base_url}/rest/{endpoint}.view?{urllib.parse.urlencode(params)}"
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def rest_json(server: backbeat.Server, endpoint: str, params: dict[str, str]) -> dict:
    status, _, body = rest(server, endpoint, {**params, "f": "json"})
    assert status == 200
    return json.loads(body)["subsonic-response"]


def rest_xml(server: backbeat.Server, endpoint: str, params: dict[str, str]) -> ET.Element:
    status, content_type, body = rest(server, endpoint, params)
    assert status == 200
    assert content_type.startswith(("text/xml", "application/xml")), content_type
    root = ET.fromstring(body)
    assert root.tag == f"{SUBSONIC_NS}subsonic-response"
    return root


def error_code(answer: dict) -> int | None:
    return answer.get("error", {}).get("code") if answer["status"] == "failed" else None


def find_artist(subsonic: libsonic.Connection, name: str) -> dict:
    for index in subsonic.getArtists()["artists"].get("index", []):
        for artist in index.get("artist", []):
            if artist["name"] == name:
                return artist
    raise AssertionError(f"{name} is not in getArtists")


def album_songs(subsonic: libsonic.Connection, album_name: str) -> list[dict]:
    artist = subsonic.getArtist(find_artist(subsonic, ARTIST)["id"])["artist"]
    album = next(album for album in artist["album"] if album["name"] == album_name)
    return subsonic.getAlbum(album["id"])["album"]["song"]


def song_id(subsonic: libsonic.Connection, title: str) -> str:
    for album in (ALBUM, "Singles"):
        for song in album_songs(subsonic, album):
            if song["title"] == title:
                return song["id"]
    raise AssertionError(f"no song {title}")


# ---- signing in


def test_ping_answers_the_opensubsonic_envelope_to_token_auth(subsonic: libsonic.Connection):
    assert subsonic.ping() is True
    answer = subsonic._doInfoReq(subsonic._getRequest("ping.view"))
    assert answer["status"] == "ok"
    assert answer["version"] == "1.16.1"
    assert answer["type"] == "backbeat"
    assert answer["openSubsonic"] is True
    assert answer["serverVersion"]


def test_the_extensions_are_listed_without_credentials(server: backbeat.Server):
    answer = rest_json(server, "getOpenSubsonicExtensions", {"v": "1.16.1", "c": "pytest"})
    assert answer["status"] == "ok"
    names = {extension["name"] for extension in answer["openSubsonicExtensions"]}
    assert {"apiKeyAuthentication", "formPost"} <= names
    for extension in answer["openSubsonicExtensions"]:
        assert extension["versions"]


def test_an_app_password_signs_in_as_an_api_key(server: backbeat.Server, listener: Listener):
    with_key = ApiKeyConnection(server, listener.app_password)
    assert with_key.ping() is True
    user = with_key.getUser(listener.account.email)["user"]
    assert user["username"] == listener.account.email
    assert user["maxBitRate"] == 320, "the Basic plan streams at most 320 kbps"
    assert user["streamRole"] is True

    both = rest_json(server, "ping", {**token_params(listener.account.email, listener.app_password), "apiKey": listener.app_password})
    assert error_code(both) == 43
    wrong = rest_json(server, "ping", {"apiKey": "not-" + listener.app_password, "v": "1.16.1", "c": "pytest"})
    assert error_code(wrong) == 44


def test_the_account_password_and_a_wrong_app_password_are_refused(server: backbeat.Server):
    account = backbeat.sign_up(server, "Grace Hopper")
    backbeat.create_app_password(server, account, "laptop")

    with pytest.raises(CredentialError):
        connect(server, account.email, backbeat.PASSWORD).ping()
    with pytest.raises(CredentialError):
        connect(server, account.email, "abcd-efgh-jkmn-pqrs-tuvw-xyz2").ping()


def test_a_revoked_app_password_is_refused_on_the_next_request(server: backbeat.Server):
    account = backbeat.sign_up(server, "Alan Turing")
    created = backbeat.create_app_password(server, account, "Supersonic")
    app = connect(server, account.email, created["password"])
    assert app.ping() is True

    backbeat.revoke_app_password(server, account, created["id"])

    with pytest.raises(CredentialError):
        app.ping()
    answer = rest_json(server, "ping", token_params(account.email, created["password"]))
    assert error_code(answer) == 40
    assert error_code(rest_json(server, "ping", {"apiKey": created["password"], "v": "1.16.1", "c": "pytest"})) == 44


# ---- browsing


def test_browses_artist_then_album_then_song(subsonic: libsonic.Connection, catalogue: Catalogue):
    artist = find_artist(subsonic, ARTIST)
    assert artist["albumCount"] == 2

    albums = {album["name"]: album for album in subsonic.getArtist(artist["id"])["artist"]["album"]}
    assert set(albums) == {ALBUM, "Singles"}
    assert albums[ALBUM]["songCount"] == 2
    assert albums["Singles"]["songCount"] == 1
    assert albums[ALBUM]["artist"] == ARTIST

    album = subsonic.getAlbum(albums[ALBUM]["id"])["album"]
    assert album["name"] == ALBUM
    assert sorted(song["title"] for song in album["song"]) == ["City Lights", "Night Drive"]

    first = album["song"][0]
    song = subsonic.getSong(first["id"])["song"]
    assert song["id"] == first["id"]
    assert song["title"] == first["title"]
    assert song["album"] == ALBUM
    assert song["artist"] == ARTIST
    assert song["albumId"] == albums[ALBUM]["id"]
    assert song["genre"] == GENRE
    assert 2 <= song["duration"] <= 4
    assert song["isDir"] is False
    assert song["coverArt"]

    singles = subsonic.getAlbum(albums["Singles"]["id"])["album"]
    assert [song["title"] for song in singles["song"]] == ["Solo Flight"]


def test_an_unknown_song_is_not_found(subsonic: libsonic.Connection):
    with pytest.raises(DataNotFoundError):
        subsonic.getSong("no-such-song")


def test_what_backbeat_has_no_counterpart_for_is_answered_as_not_supported(subsonic: libsonic.Connection):
    with pytest.raises(SonicError, match="^Not supported by Backbeat: getPodcasts$"):
        subsonic.getPodcasts()
    with pytest.raises(SonicError, match="^Not supported by Backbeat: getInternetRadioStations$"):
        subsonic.getInternetRadioStations()


# ---- searching


def test_search3_finds_a_song_by_title(subsonic: libsonic.Connection):
    result = subsonic.search3("Night Drive")["searchResult3"]
    assert "Night Drive" in [song["title"] for song in result.get("song", [])]


def test_the_empty_query_lists_everything_page_by_page(subsonic: libsonic.Connection, catalogue: Catalogue):
    seen: list[str] = []
    for offset in range(10):
        page = subsonic.search3("", artistCount=0, albumCount=0, songCount=1, songOffset=offset)["searchResult3"]
        songs = page.get("song", [])
        if not songs:
            break
        assert len(songs) == 1
        seen.append(songs[0]["id"])
    assert len(seen) == len(set(seen)) == len(catalogue.tracks)

    everything = subsonic.search3("", artistCount=10, albumCount=10, songCount=10)["searchResult3"]
    assert sorted(song["id"] for song in everything["song"]) == sorted(seen)
    assert [artist["name"] for artist in everything["artist"]] == [ARTIST]
    assert sorted(album["name"] for album in everything["album"]) == [ALBUM, "Singles"]


# ---- streaming and plays


def test_streams_a_byte_range_in_the_plans_quality_without_counting_a_play(
    server: backbeat.Server, listener: Listener, subsonic: libsonic.Connection, catalogue: Catalogue
):
    track = song_id(subsonic, "City Lights")
    before = backbeat.balance_units(server, catalogue.artist)
    ranged = connect(
        server, listener.account.email, listener.app_password, customHeaders={"Range": "bytes=0-16383"}
    )

    response = ranged.stream(track)
    assert response.status == 206
    assert response.headers["Content-Type"] == "audio/mpeg"
    assert response.headers["Content-Range"].startswith("bytes 0-16383/")
    body = response.read()
    assert len(body) == 16384
    bitrates = backbeat.mp3_frame_bitrates(body)
    assert len(bitrates) >= 3
    assert set(bitrates[1:]) == {320}, "Basic streams MP3 at 320 kbps"

    lower = ranged.stream(track, maxBitRate=128).read()
    assert set(backbeat.mp3_frame_bitrates(lower)[1:]) == {128}, "maxBitRate lowers the quality"

    lossless = ranged.stream(track, tformat="flac")
    assert lossless.headers["Content-Type"] == "audio/mpeg", "a format above the plan is not served"
    assert set(backbeat.mp3_frame_bitrates(lossless.read())[1:]) == {320}

    assert backbeat.balance_units(server, catalogue.artist) == before, "a stream never counts a play"


def test_a_scrobble_pays_the_artist_21_units_once(
    server: backbeat.Server, subsonic: libsonic.Connection, catalogue: Catalogue
):
    track = song_id(subsonic, "Night Drive")
    before = backbeat.balance_units(server, catalogue.artist)

    subsonic.scrobble(track, submission=False)
    assert backbeat.balance_units(server, catalogue.artist) == before, "now playing is not a play"

    subsonic.scrobble(track, submission=True)
    assert backbeat.balance_units(server, catalogue.artist) == before + 21

    subsonic.scrobble(track, submission=True)
    assert backbeat.balance_units(server, catalogue.artist) == before + 21, "the same play again is not paid twice"


# ---- the library


def test_stars_and_unstars_songs_albums_and_artists(
    server: backbeat.Server, subsonic: libsonic.Connection, listener: Listener
):
    track = song_id(subsonic, "Solo Flight")
    artist = find_artist(subsonic, ARTIST)
    album = next(a for a in subsonic.getArtist(artist["id"])["artist"]["album"] if a["name"] == ALBUM)

    subsonic.star(sids=[track], albumIds=[album["id"]], artistIds=[artist["id"]])

    starred = subsonic.getStarred2()["starred2"]
    assert [song["id"] for song in starred["song"]] == [track]
    assert starred["song"][0]["starred"]
    assert [a["id"] for a in starred["album"]] == [album["id"]]
    assert [a["id"] for a in starred["artist"]] == [artist["id"]]
    likes = backbeat.api_json(server, "GET", "/api/v1/me/likes", token=listener.account.token)
    assert [liked["title"] for liked in likes["tracks"]] == ["Solo Flight"], "a starred song is a like"

    subsonic.unstar(sids=[track], albumIds=[album["id"]], artistIds=[artist["id"]])

    starred = subsonic.getStarred2()["starred2"]
    assert not starred.get("song") and not starred.get("album") and not starred.get("artist")
    assert backbeat.api_json(server, "GET", "/api/v1/me/likes", token=listener.account.token)["tracks"] == []


def test_creates_updates_and_deletes_a_playlist(subsonic: libsonic.Connection):
    night, city, solo = (song_id(subsonic, title) for title in ("Night Drive", "City Lights", "Solo Flight"))

    subsonic.createPlaylist(name="Road trip", songIds=[night, city])
    playlist = next(p for p in subsonic.getPlaylists()["playlists"]["playlist"] if p["name"] == "Road trip")
    assert playlist["songCount"] == 2
    assert [entry["id"] for entry in subsonic.getPlaylist(playlist["id"])["playlist"]["entry"]] == [night, city]

    subsonic.updatePlaylist(playlist["id"], name="Road trip home", songIdsToAdd=[solo], songIndexesToRemove=[0])
    updated = subsonic.getPlaylist(playlist["id"])["playlist"]
    assert updated["name"] == "Road trip home"
    assert [entry["id"] for entry in updated["entry"]] == [city, solo]

    subsonic.deletePlaylist(playlist["id"])
    with pytest.raises(DataNotFoundError):
        subsonic.getPlaylist(playlist["id"])


def test_saves_and_restores_the_play_queue(subsonic: libsonic.Connection):
    ids = [song_id(subsonic, title) for title in ("Solo Flight", "Night Drive", "City Lights")]

    subsonic.savePlayQueue(ids, current=ids[1], position=12_000)

    queue = subsonic.getPlayQueue()["playQueue"]
    assert [entry["id"] for entry in queue["entry"]] == ids
    assert str(queue["current"]) == ids[1]
    assert queue["position"] == 12_000


def test_cover_art_comes_in_the_sizes_asked_for(subsonic: libsonic.Connection):
    cover = subsonic.getSong(song_id(subsonic, "Night Drive"))["song"]["coverArt"]

    for size in (64, 300):
        response = subsonic.getCoverArt(cover, size=size)
        assert response.headers["Content-Type"].startswith("image/")
        _, width, height = backbeat.image_size(response.read())
        assert (width, height) == (size, size)

    _, width, _ = backbeat.image_size(subsonic.getCoverArt(cover).read())
    assert width > 300


# ---- XML, the default format


def test_answers_xml_when_no_format_is_asked(server: backbeat.Server, listener: Listener, subsonic: libsonic.Connection):
    credentials = token_params(listener.account.email, listener.app_password)

    ping = rest_xml(server, "ping", credentials)
    assert ping.get("status") == "ok"
    assert ping.get("version") == "1.16.1"
    assert ping.get("type") == "backbeat"
    assert ping.get("openSubsonic") == "true"

    artist_id = find_artist(subsonic, ARTIST)["id"]
    artist = rest_xml(server, "getArtist", {**credentials, "id": artist_id}).find(f"{SUBSONIC_NS}artist")
    assert artist is not None and artist.get("name") == ARTIST
    album_id = next(a.get("id") for a in artist.findall(f"{SUBSONIC_NS}album") if a.get("name") == ALBUM)

    album = rest_xml(server, "getAlbum", {**credentials, "id": album_id}).find(f"{SUBSONIC_NS}album")
    from_json = subsonic.getAlbum(album_id)["album"]
    assert [song.get("id") for song in album.findall(f"{SUBSONIC_NS}song")] == [song["id"] for song in from_json["song"]]
    assert album.get("songCount") == str(from_json["songCount"])

    refused = rest_xml(server, "ping", {**credentials, "t": "0" * 32})
    assert refused.get("status") == "failed"
    assert refused.find(f"{SUBSONIC_NS}error").get("code") == "40"
