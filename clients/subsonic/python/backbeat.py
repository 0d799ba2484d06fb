"""What the Subsonic suite needs besides the Subsonic client: a Backbeat server of its own on a
free port with a fresh data directory (and, on PostgreSQL, a fresh database), the accounts and
tracks set up through Backbeat's own REST API, and the audio and images it uploads, made here.

Standard library only: the Subsonic client under test is the one third-party piece.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zlib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEALTH_TIMEOUT_SECS = 30
PROCESSING_TIMEOUT_SECS = 60
PASSWORD = "correct-horse-battery"


# ---- the server


def server_binary() -> Path:
    """$BACKBEAT_BIN, else the dev build in $CARGO_TARGET_DIR or the clone's target/."""
    explicit = os.environ.get("BACKBEAT_BIN")
    if explicit:
        return Path(explicit).resolve()
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target).resolve() / "debug" / "backbeat"
    return (HERE / ".." / ".." / ".." / "target" / "debug" / "backbeat").resolve()


def backend() -> str:
    """`sqlite` unless BACKBEAT_TEST_BACKEND says `postgres` (as the Rust API suite reads it)."""
    return os.environ.get("BACKBEAT_TEST_BACKEND", "sqlite")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresDatabase:
    """A database of its own on the server of TEST_DATABASE_URL, made and dropped with psql."""

    def __init__(self, admin_url: str):
        self.admin_url = admin_url
        self.name = f"backbeat_subsonic_{uuid.uuid4().hex}"
        parts = urllib.parse.urlsplit(admin_url)
        self.url = urllib.parse.urlunsplit(parts._replace(path=f"/{self.name}"))

    def _psql(self, sql: str) -> None:
        subprocess.run(
            ["psql", self.admin_url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql],
            check=True,
            capture_output=True,
        )

    def create(self) -> None:
        self._psql(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        self._psql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


@dataclass
class Server:
    base_url: str
    port: int
    data_dir: Path
    log_path: Path

    def log_tail(self, chars: int = 6000) -> str:
        return self.log_path.read_text(errors="replace")[-chars:]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class RunningServer:
    """`backbeat serve` on a free port, a fresh data directory and, on PostgreSQL, a fresh database."""

    def __init__(self, binary: Path):
        self.binary = binary
        self.database: PostgresDatabase | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.data_dir = Path(tempfile.mkdtemp(prefix="backbeat-subsonic-py-"))

    def start(self) -> Server:
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        env = {
            **os.environ,
            "BACKBEAT_ADDR": f"127.0.0.1:{port}",
            "BACKBEAT_PUBLIC_URL": base_url,
            "BACKBEAT_DATA_DIR": str(self.data_dir),
            # Every account signs in from 127.0.0.1; the per-IP limits are tested in the API suite.
            "BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE": "10000",
            "BACKBEAT_EMAIL_SEND_INTERVAL_SECS": "0",
        }
        env.pop("BACKBEAT_CONFIG", None)
        env.pop("BACKBEAT_DATABASE_URL", None)
        if backend() == "postgres":
            admin_url = os.environ.get("TEST_DATABASE_URL")
            if not admin_url:
                raise RuntimeError("BACKBEAT_TEST_BACKEND=postgres needs TEST_DATABASE_URL")
            self.database = PostgresDatabase(admin_url)
            self.database.create()
            env["BACKBEAT_DATABASE_URL"] = self.database.url

        log_path = self.data_dir / "server.log"
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(
                [str(self.binary), "serve"], env=env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + HEALTH_TIMEOUT_SECS
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"backbeat exited with code {self.process.returncode} before it was healthy:\n"
                    + log_path.read_text(errors="replace")
                )
            try:
                with urllib.request.urlopen(f"{base_url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"backbeat did not answer GET /healthz with 200 within {HEALTH_TIMEOUT_SECS} s:\n"
                    + log_path.read_text(errors="replace")
                )
            time.sleep(0.2)
        return Server(base_url=base_url, port=port, data_dir=self.data_dir, log_path=log_path)

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)
        if self.database is not None:
            self.database.drop()
        shutil.rmtree(self.data_dir, ignore_errors=True)


# ---- Backbeat's REST API


class ApiError(Exception):
    def __init__(self, status: int, body: str):
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body


def request(
    server: Server,
    method: str,
    path: str,
    *,
    token: str | None = None,
    json_body: object | None = None,
    body: bytes | None = None,
    content_type: str | None = None,
    expect: int | tuple[int, ...] = 200,
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP exchange with the server; a status other than `expect` raises ApiError."""
    headers = {"apikey": "backbeat"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if json_body is not None:
        body = json.dumps(json_body).encode()
        content_type = "application/json"
    if content_type:
        headers["Content-Type"] = content_type
    req = urllib.request.Request(f"{server.base_url}{path}", data=body, headers=headers, method=method)
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(req, timeout=30) as response:
            status, answer_headers, data = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, data = error.code, dict(error.headers), error.read()
    expected = (expect,) if isinstance(expect, int) else expect
    if status not in expected:
        raise ApiError(status, data.decode(errors="replace"))
    return status, answer_headers, data


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
        return None


def api_json(server: Server, method: str, path: str, **kwargs) -> dict:  # noqa: ANN003
    _, _, data = request(server, method, path, **kwargs)
    return json.loads(data) if data else {}


@dataclass
class Account:
    name: str
    email: str
    user_id: str
    token: str


def sign_up(server: Server, name: str) -> Account:
    """A new account through GoTrue's /auth/v1/signup (confirmation is off, so it has a session)."""
    email = f"{name.lower().replace(' ', '-')}-{uuid.uuid4().hex[:12]}@example.com"
    session = api_json(
        server,
        "POST",
        "/auth/v1/signup",
        json_body={"email": email, "password": PASSWORD, "data": {"name": name}},
    )
    return Account(name=name, email=email, user_id=session["user"]["id"], token=session["access_token"])


def _multipart(fields: dict[str, str], files: dict[str, tuple[str, str, bytes]]) -> tuple[str, bytes]:
    boundary = f"----backbeat-{uuid.uuid4().hex}"
    chunks: list[bytes] = []
    for name, value in fields.items():
        chunks.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    for name, (filename, mime, data) in files.items():
        chunks.append(
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                f"Content-Type: {mime}\r\n\r\n"
            ).encode()
            + data
            + b"\r\n"
        )
    chunks.append(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", b"".join(chunks)


def upload_ready_track(
    server: Server,
    artist: Account,
    *,
    title: str,
    album: str | None,
    genre: str,
    notes: list[float],
    cover: bytes,
) -> str:
    """Uploads a generated WAV with a cover as `artist` and waits until it is ready to stream."""
    fields = {"title": title, "artist": artist.name, "genre": genre}
    if album:
        fields["album"] = album
    content_type, body = _multipart(
        fields,
        {
            "audio": (f"{title}.wav", "audio/wav", tone_wav(notes=notes, seconds=3)),
            "cover": (f"{title}.png", "image/png", cover),
        },
    )
    created = api_json(
        server, "POST", "/api/v1/tracks", token=artist.token, body=body, content_type=content_type, expect=201
    )
    track_id = created["id"]
    deadline = time.monotonic() + PROCESSING_TIMEOUT_SECS
    while True:
        track = api_json(server, "GET", f"/api/v1/tracks/{track_id}", token=artist.token)
        if track["status"] == "ready":
            return track_id
        if track["status"] == "failed" or time.monotonic() > deadline:
            raise RuntimeError(f"track {title} is {track['status']}: {track.get('failure_reason')}\n{server.log_tail()}")
        time.sleep(0.25)


def subscribe(server: Server, account: Account, plan: str) -> None:
    """Pays for `plan` through the sandbox provider's hosted checkout, then waits for the plan."""
    session = api_json(
        server,
        "POST",
        "/api/v1/checkout-sessions",
        token=account.token,
        json_body={"plan_id": plan, "promo_code": None},
    )
    assert session["kind"] == "checkout", session
    expiry = f"12/{(time.gmtime().tm_year + 2) % 100:02d}"
    form = urllib.parse.urlencode({"card_number": "4242 4242 4242 4242", "expiry": expiry, "cvc": "123"})
    request(
        server,
        "POST",
        session["url"],
        body=form.encode(),
        content_type="application/x-www-form-urlencoded",
        expect=303,
    )
    deadline = time.monotonic() + 10
    while api_json(server, "GET", "/api/v1/me/subscription", token=account.token)["plan"] != plan:
        if time.monotonic() > deadline:
            raise RuntimeError(f"the plan of {account.email} did not become {plan}")
        time.sleep(0.1)


def create_app_password(server: Server, account: Account, name: str) -> dict:
    return api_json(
        server, "POST", "/api/v1/me/app-passwords", token=account.token, json_body={"name": name}, expect=201
    )


def revoke_app_password(server: Server, account: Account, app_password_id: str) -> None:
    request(server, "DELETE", f"/api/v1/me/app-passwords/{app_password_id}", token=account.token, expect=204)


def balance_units(server: Server, account: Account) -> int:
    return api_json(server, "GET", "/api/v1/me/balance", token=account.token)["balance_units"]


# ---- media made here


def tone_wav(*, notes: list[float], seconds: float, sample_rate: int = 44_100) -> bytes:
    """A stereo 16-bit PCM WAV: `notes` in turn, one every half second, each fading out."""
    channels = 2
    frames = round(seconds * sample_rate)
    samples = bytearray(frames * channels * 2)
    for frame in range(frames):
        t = frame / sample_rate
        note = notes[int(t * 2) % len(notes)]
        envelope = math.exp(-4 * (t % 0.5))
        for channel in range(channels):
            frequency = note * (1 if channel == 0 else 1.003)
            value = round(0.6 * envelope * math.sin(2 * math.pi * frequency * t) * 32767)
            struct.pack_into("<h", samples, (frame * channels + channel) * 2, value)
    header = b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, channels, sample_rate, sample_rate * channels * 2, channels * 2, 16)
    header += b"data" + struct.pack("<I", len(samples))
    return header + bytes(samples)


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def cover_png(size: int, tint: tuple[int, int, int]) -> bytes:
    """A square RGB PNG: a diagonal gradient from `tint` to white."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            t = (x + y) / (2 * size)
            rows.extend(round(c + (255 - c) * t) for c in tint)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(bytes(rows)))
        + _png_chunk(b"IEND", b"")
    )


def image_size(data: bytes) -> tuple[str, int, int]:
    """The format and the pixel size of a PNG, JPEG or WebP image."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data.startswith(b"\xff\xd8"):
        offset = 2
        while offset + 9 < len(data):
            if data[offset] != 0xFF:
                offset += 1
                continue
            marker = data[offset + 1]
            length = struct.unpack(">H", data[offset + 2 : offset + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                height, width = struct.unpack(">HH", data[offset + 5 : offset + 9])
                return "jpeg", width, height
            offset += 2 + length
        raise ValueError("a JPEG without a frame header")
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        chunk = data[12:16]
        if chunk == b"VP8X":
            width = int.from_bytes(data[24:27], "little") + 1
            height = int.from_bytes(data[27:30], "little") + 1
            return "webp", width, height
        if chunk == b"VP8L":
            bits = int.from_bytes(data[21:25], "little")
            return "webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        if chunk == b"VP8 ":
            width, height = struct.unpack("<HH", data[26:30])
            return "webp", width & 0x3FFF, height & 0x3FFF
    raise ValueError(f"not an image this suite reads: {data[:12]!r}")


_MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
_MPEG2_LAYER3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
_SAMPLE_RATES = {3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000]}


def mp3_frame_bitrates(data: bytes) -> list[int]:
    """The bitrates (kbps) of the whole MPEG layer III frames at the start of `data`."""
    offset = 0
    if data.startswith(b"ID3"):
        size = 0
        for byte in data[6:10]:
            size = (size << 7) | (byte & 0x7F)
        offset = 10 + size + (10 if data[5] & 0x10 else 0)
    while offset + 1 < len(data) and not (data[offset] == 0xFF and data[offset + 1] & 0xE0 == 0xE0):
        offset += 1
    bitrates: list[int] = []
    while offset + 4 <= len(data):
        header = struct.unpack(">I", data[offset : offset + 4])[0]
        if header >> 21 != 0x7FF:
            break
        version = (header >> 19) & 0b11
        layer = (header >> 17) & 0b11
        bitrate_index = (header >> 12) & 0b1111
        rate_index = (header >> 10) & 0b11
        padding = (header >> 9) & 1
        if layer != 0b01 or version == 1 or bitrate_index in (0, 15) or rate_index == 3:
            break
        kbps = (_MPEG1_LAYER3_KBPS if version == 3 else _MPEG2_LAYER3_KBPS)[bitrate_index]
        sample_rate = _SAMPLE_RATES[version][rate_index]
        length = (144 if version == 3 else 72) * kbps * 1000 // sample_rate + padding
        if offset + length > len(data):
            break
        bitrates.append(kbps)
        offset += length
    return bitrates
