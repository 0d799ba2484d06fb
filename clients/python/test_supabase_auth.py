"""The unmodified Python `supabase-auth` client (SyncGoTrueClient) against the real server.

Issue 3, "Proof with the real clients": every GoTrue call Backbeat implements, driven through
the client from PyPI against the server binary. A session-scoped fixture starts the binary on
a free port with a temporary data directory; mail the server "sends" lands as .eml files in
`<data dir>/mail/`, where the tests read recovery links and codes.

The binary: $BACKBEAT_BIN, else $CARGO_TARGET_DIR/debug/backbeat (`make test-bin`), else
../../target/debug/backbeat next to this file. Missing, the suite is skipped (failed in CI).
"""

from __future__ import annotations

import base64
import email
import email.message
import email.policy
import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from supabase_auth import SyncGoTrueClient, SyncMemoryStorage
from supabase_auth.errors import (
    AuthApiError,
    AuthInvalidJwtError,
    AuthWeakPasswordError,
)

HERE = Path(__file__).resolve().parent
PASSWORD = "correct-horse-battery"
HEALTH_TIMEOUT_SECS = 30
TOTP_STEP_SECS = 30


# ---- the server


def server_binary() -> Path:
    explicit = os.environ.get("BACKBEAT_BIN")
    if explicit:
        return Path(explicit).resolve()
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return Path(target).resolve() / "debug" / "backbeat"
    return (HERE / ".." / ".." / "target" / "debug" / "backbeat").resolve()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    base_url: str
    data_dir: Path

    @property
    def auth_url(self) -> str:
        return f"{self.base_url}/auth/v1"


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def server():
    binary = server_binary()
    if not binary.is_file():
        message = (
            f"the backbeat server binary is missing at {binary} (build it with `make build`, "
            "or set BACKBEAT_BIN)"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(f"GoTrue client tests cannot run: {message}", pytrace=False)
        pytest.skip(f"Skipping the GoTrue client tests: {message}")

    data_dir = Path(tempfile.mkdtemp(prefix="backbeat-pyclient-"))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log_path = data_dir / "server.log"
    env = {
        **os.environ,
        "BACKBEAT_ADDR": f"127.0.0.1:{port}",
        "BACKBEAT_PUBLIC_URL": base_url,
        "BACKBEAT_DATA_DIR": str(data_dir),
        # Every test signs in from 127.0.0.1; the per-IP limits are tested in the API suite.
        "BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE": "10000",
        "BACKBEAT_EMAIL_SEND_INTERVAL_SECS": "0",
    }
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [str(binary), "serve"], env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + HEALTH_TIMEOUT_SECS
        while True:
            if process.poll() is not None:
                raise RuntimeError(
                    f"backbeat exited with code {process.returncode} before it was healthy:\n"
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
                    f"backbeat did not answer GET /healthz with 200 within "
                    f"{HEALTH_TIMEOUT_SECS} s:\n" + log_path.read_text(errors="replace")
                )
            time.sleep(0.2)
        yield Server(base_url=base_url, data_dir=data_dir)
    finally:
        stop(process)
        shutil.rmtree(data_dir, ignore_errors=True)


# ---- clients


@dataclass
class Observed:
    """A client with a record of its HTTP exchanges and of the auth events it emitted."""

    client: SyncGoTrueClient
    exchanges: list[tuple[str, str, int]] = field(default_factory=list)
    events: list[str] = field(default_factory=list)

    def last(self) -> tuple[str, str, int]:
        return self.exchanges[-1]


@pytest.fixture
def new_client(server: Server):
    """Makes clients as an app would configure them, and closes them after the test."""
    made: list[Observed] = []

    def make() -> Observed:
        exchanges: list[tuple[str, str, int]] = []

        def record(response: httpx.Response) -> None:
            url = response.request.url
            path = url.path.removeprefix("/auth/v1")
            query = url.query.decode()
            exchanges.append(
                (response.request.method, path + (f"?{query}" if query else ""), response.status_code)
            )

        http = httpx.Client(http2=True, follow_redirects=True, event_hooks={"response": [record]})
        client = SyncGoTrueClient(
            url=server.auth_url,
            headers={"apikey": "backbeat"},
            storage=SyncMemoryStorage(),
            auto_refresh_token=False,
            persist_session=True,
            http_client=http,
        )
        observed = Observed(client=client, exchanges=exchanges)
        client.on_auth_state_change(lambda event, _session: observed.events.append(event))
        made.append(observed)
        return observed

    yield make
    for observed in made:
        observed.client.close()


def unique_email(label: str) -> str:
    return f"{label}-{uuid.uuid4()}@example.com"


def jwt_parts(token: str) -> tuple[dict, dict]:
    def part(text: str) -> dict:
        return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))

    header, payload, _signature = token.split(".")
    return part(header), part(payload)


def claims(token: str) -> dict:
    return jwt_parts(token)[1]


def amr_methods(token: str) -> list[str]:
    return [entry["method"] for entry in claims(token).get("amr", [])]


def expect_api_error(excinfo: pytest.ExceptionInfo, status: int, code: str) -> None:
    error = excinfo.value
    assert isinstance(error, AuthApiError), f"not an AuthApiError: {error!r}"
    assert (error.status, error.code) == (status, code), error.to_dict()


def sign_up(observed: Observed, label: str, name: str = "Ana Lima"):
    address = unique_email(label)
    response = observed.client.sign_up(
        {"email": address, "password": PASSWORD, "options": {"data": {"name": name}}}
    )
    assert response.session is not None, "sign_up returned no session"
    return address, response


# ---- mail


def mails_to(data_dir: Path, recipient: str) -> list[tuple[Path, email.message.EmailMessage]]:
    folder = data_dir / "mail"
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
        message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        if recipient.lower() in str(message["To"]).lower():
            found.append((path, message))
    return found


def next_mail_to(data_dir: Path, recipient: str, seen: set[Path], timeout: float = 10):
    """The newest mail to `recipient` not among `seen`; its subject and decoded text."""
    deadline = time.monotonic() + timeout
    while True:
        fresh = [(p, m) for p, m in mails_to(data_dir, recipient) if p not in seen]
        if fresh:
            _path, message = fresh[-1]
            return str(message["Subject"]), message.get_content()
        if time.monotonic() > deadline:
            raise AssertionError(f"no new mail to {recipient} in {data_dir / 'mail'}")
        time.sleep(0.1)


def token_hash_of(text: str) -> str:
    link = next(word for word in text.split() if word.startswith(("http://", "https://")))
    return parse_qs(urlsplit(link).query)["token_hash"][0]


def code_of(text: str) -> str:
    words = [w.strip(".:,") for w in text.split() if not w.startswith(("http://", "https://"))]
    return next(w for w in words if len(w) == 6 and w.isdigit())


# ---- TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps)


def totp_step(now: float | None = None) -> int:
    return int((time.time() if now is None else now) // TOTP_STEP_SECS)


def totp_code(secret: str, step: int) -> str:
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    binary = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return f"{binary % 1_000_000:06d}"


def fresh_totp_code(secret: str, last_used_step: int | None) -> tuple[str, int]:
    """A code of a step after the last one used (servers refuse replays), within ±1 step."""
    while True:
        current = totp_step()
        step = current if last_used_step is None else max(current, last_used_step + 1)
        if step <= current + 1:
            return totp_code(secret, step), step
        time.sleep(1)


def test_totp_matches_the_rfc_6238_vectors():
    # RFC 6238 appendix B, SHA-1 seed "12345678901234567890", last 6 digits.
    secret = base64.b32encode(b"12345678901234567890").decode()
    assert totp_code(secret, 59 // 30) == "287082"
    assert totp_code(secret, 1111111109 // 30) == "081804"
    assert totp_code(secret, 2000000000 // 30) == "279037"


# ---- the calls


def test_sign_up_returns_a_session_with_the_metadata(new_client, server: Server):
    observed = new_client()
    address, response = sign_up(observed, "signup")

    session = response.session
    assert session.token_type == "bearer"
    assert session.expires_in > 90
    assert session.refresh_token
    assert session.user.email == address
    assert session.user.user_metadata == {"name": "Ana Lima"}
    assert session.user.aud == "authenticated"
    assert session.user.app_metadata["provider"] == "email"
    assert session.user.identities and session.user.identities[0].provider == "email"
    assert response.user is not None and response.user.id == session.user.id
    header, body = jwt_parts(session.access_token)
    assert header["alg"] == "ES256" and header["typ"] == "JWT" and header["kid"]
    assert body["sub"] == session.user.id
    assert body["aud"] == "authenticated"
    assert body["aal"] == "aal1"
    assert body["iss"] == server.auth_url
    assert body["user_metadata"] == {"name": "Ana Lima"}
    assert amr_methods(session.access_token) == ["password"]
    assert "SIGNED_IN" in observed.events
    assert ("POST", "/signup", 200) in observed.exchanges

    count = len(observed.exchanges)
    stored = observed.client.get_session()
    assert stored is not None and stored.access_token == session.access_token
    assert len(observed.exchanges) == count  # read from storage, no request

    with pytest.raises(AuthApiError) as again:
        new_client().client.sign_up({"email": address, "password": PASSWORD})
    expect_api_error(again, 422, "user_already_exists")

    with pytest.raises(AuthWeakPasswordError) as weak:
        new_client().client.sign_up({"email": unique_email("weak"), "password": "123"})
    assert (weak.value.status, weak.value.code, weak.value.reasons) == (422, "weak_password", ["length"])


def test_sign_in_with_password_right_and_wrong(new_client):
    address, signed_up = sign_up(new_client(), "signin")
    observed = new_client()
    client = observed.client

    with pytest.raises(AuthApiError) as wrong:
        client.sign_in_with_password({"email": address, "password": "not-the-password"})
    expect_api_error(wrong, 400, "invalid_credentials")
    assert wrong.value.message == "Invalid login credentials"
    with pytest.raises(AuthApiError) as unknown:
        client.sign_in_with_password({"email": unique_email("nobody"), "password": PASSWORD})
    expect_api_error(unknown, 400, "invalid_credentials")
    assert client.get_session() is None

    response = client.sign_in_with_password({"email": address, "password": PASSWORD})
    assert response.user is not None and response.user.id == signed_up.user.id
    assert response.session is not None and response.session.user.last_sign_in_at
    assert "SIGNED_IN" in observed.events
    statuses = [s for (_m, path, s) in observed.exchanges if path == "/token?grant_type=password"]
    assert statuses == [400, 400, 200]

    stored = client.get_session()
    assert stored is not None and stored.access_token == response.session.access_token
    user = client.get_user()
    assert user is not None
    assert user.user.id == signed_up.user.id
    assert user.user.email == address
    assert user.user.user_metadata == {"name": "Ana Lima"}
    assert observed.last() == ("GET", "/user", 200)


def test_refresh_update_and_sign_out(new_client):
    address, _ = sign_up(new_client(), "lifecycle")
    observed = new_client()
    client = observed.client
    first = client.sign_in_with_password({"email": address, "password": PASSWORD}).session

    # refresh_session: a new refresh token in the same session.
    refreshed = client.refresh_session()
    second = refreshed.session
    assert second is not None
    assert second.refresh_token != first.refresh_token
    assert claims(second.access_token)["session_id"] == claims(first.access_token)["session_id"]
    assert client.get_session().refresh_token == second.refresh_token
    assert observed.last() == ("POST", "/token?grant_type=refresh_token", 200)

    # update_user data: merged into user_metadata, null deletes a key.
    updated = client.update_user({"data": {"plan": "pro", "theme": "dark"}})
    assert updated.user.user_metadata == {"name": "Ana Lima", "plan": "pro", "theme": "dark"}
    removed = client.update_user({"data": {"theme": None}})
    assert removed.user.user_metadata == {"name": "Ana Lima", "plan": "pro"}
    assert client.get_user().user.user_metadata == {"name": "Ana Lima", "plan": "pro"}

    # sign_out (global): 204, the session is gone here and on the server.
    client.sign_out()
    assert observed.last() == ("POST", "/logout?scope=global", 204)
    assert client.get_session() is None
    with pytest.raises(AuthApiError) as dead:
        client.get_user(second.access_token)
    expect_api_error(dead, 403, "session_not_found")
    with pytest.raises(AuthApiError):
        new_client().client.refresh_session(second.refresh_token)

    assert [e for e in observed.events if e != "INITIAL_SESSION"] == [
        "SIGNED_IN",
        "TOKEN_REFRESHED",
        "USER_UPDATED",
        "USER_UPDATED",
        "SIGNED_OUT",
    ]


def test_update_user_password_ends_the_other_sessions(new_client):
    observed = new_client()
    address, signed_up = sign_up(observed, "password")
    client = observed.client
    other = new_client()
    other_session = other.client.sign_in_with_password(
        {"email": address, "password": PASSWORD}
    ).session

    # Outside a recovery session the current password must come with the new one.
    with pytest.raises(AuthApiError) as missing:
        client.update_user({"password": "new-horse-battery"})
    expect_api_error(missing, 400, "current_password_required")
    with pytest.raises(AuthApiError) as same:
        client.update_user({"password": PASSWORD, "current_password": PASSWORD})
    expect_api_error(same, 422, "same_password")
    with pytest.raises(AuthWeakPasswordError):
        client.update_user({"password": "abc", "current_password": PASSWORD})

    new_password = "new-horse-battery"
    user = client.update_user({"password": new_password, "current_password": PASSWORD}).user
    assert user.id == signed_up.user.id
    assert "USER_UPDATED" in observed.events
    assert client.get_user().user.id == user.id
    with pytest.raises(AuthApiError) as revoked:
        other.client.get_user(other_session.access_token)
    expect_api_error(revoked, 403, "session_not_found")

    signer = new_client().client
    with pytest.raises(AuthApiError) as old:
        signer.sign_in_with_password({"email": address, "password": PASSWORD})
    expect_api_error(old, 400, "invalid_credentials")
    assert signer.sign_in_with_password({"email": address, "password": new_password}).user.id == user.id


def test_sign_out_others_and_local(new_client):
    address, _ = sign_up(new_client(), "others")
    phone, laptop = new_client(), new_client()
    phone_session = phone.client.sign_in_with_password({"email": address, "password": PASSWORD}).session
    laptop_session = laptop.client.sign_in_with_password({"email": address, "password": PASSWORD}).session

    laptop.client.sign_out({"scope": "others"})

    assert laptop.last() == ("POST", "/logout?scope=others", 204)
    assert "SIGNED_OUT" not in laptop.events
    assert laptop.client.get_session().access_token == laptop_session.access_token
    assert laptop.client.get_user().user.email == address
    with pytest.raises(AuthApiError) as ended:
        phone.client.get_user(phone_session.access_token)
    expect_api_error(ended, 403, "session_not_found")

    laptop.client.sign_out({"scope": "local"})
    assert laptop.last() == ("POST", "/logout?scope=local", 204)
    assert "SIGNED_OUT" in laptop.events
    assert laptop.client.get_session() is None
    with pytest.raises(AuthApiError) as gone:
        new_client().client.get_user(laptop_session.access_token)
    expect_api_error(gone, 403, "session_not_found")


def test_recovery_with_the_mailed_link(new_client, server: Server):
    address, signed_up = sign_up(new_client(), "recover-link")
    observed = new_client()
    client = observed.client
    seen = {path for path, _ in mails_to(server.data_dir, address)}

    client.reset_password_for_email(unique_email("nobody"))  # same answer for unknown addresses
    client.reset_password_for_email(address)
    assert observed.last() == ("POST", "/recover", 200)
    subject, text = next_mail_to(server.data_dir, address, seen)
    assert "password" in subject.lower()
    token_hash = token_hash_of(text)

    response = client.verify_otp({"type": "recovery", "token_hash": token_hash})
    assert response.user is not None and response.user.id == signed_up.user.id
    assert response.session is not None
    assert amr_methods(response.session.access_token)[0] == "otp"
    assert "PASSWORD_RECOVERY" in observed.events
    assert client.get_session().access_token == response.session.access_token

    with pytest.raises(AuthApiError) as reused:
        new_client().client.verify_otp({"type": "recovery", "token_hash": token_hash})
    expect_api_error(reused, 403, "otp_expired")

    new_password = "recovered-horse-battery"
    client.update_user({"password": new_password})
    assert [e for e in observed.events if e != "INITIAL_SESSION"] == ["PASSWORD_RECOVERY", "USER_UPDATED"]
    signer = new_client().client
    with pytest.raises(AuthApiError):
        signer.sign_in_with_password({"email": address, "password": PASSWORD})
    assert signer.sign_in_with_password({"email": address, "password": new_password}).user.id == signed_up.user.id


def test_recovery_with_the_mailed_code(new_client, server: Server):
    address, signed_up = sign_up(new_client(), "recover-code")
    observed = new_client()
    client = observed.client
    seen = {path for path, _ in mails_to(server.data_dir, address)}

    client.reset_password_for_email(address)
    _subject, text = next_mail_to(server.data_dir, address, seen)
    code = code_of(text)

    with pytest.raises(AuthApiError) as wrong:
        client.verify_otp(
            {"type": "recovery", "email": address, "token": "111111" if code == "000000" else "000000"}
        )
    expect_api_error(wrong, 403, "otp_expired")

    response = client.verify_otp({"type": "recovery", "email": address, "token": code})
    assert response.user is not None and response.user.id == signed_up.user.id
    assert response.session is not None and response.session.user.email == address
    assert "PASSWORD_RECOVERY" in observed.events

    new_password = "coded-horse-battery"
    client.update_user({"password": new_password})
    assert new_client().client.sign_in_with_password(
        {"email": address, "password": new_password}
    ).user.id == signed_up.user.id


def test_mfa_enroll_challenge_verify_unenroll(new_client):
    observed = new_client()
    address, signed_up = sign_up(observed, "mfa")
    client = observed.client
    session_id = claims(signed_up.session.access_token)["session_id"]

    enrolled = client.mfa.enroll({"factor_type": "totp", "friendly_name": "Phone app"})
    assert enrolled.type == "totp"
    assert enrolled.friendly_name == "Phone app"
    assert enrolled.totp is not None
    assert enrolled.totp.qr_code.startswith("data:image/svg+xml;utf-8,")
    assert "<svg" in enrolled.totp.qr_code
    assert enrolled.totp.uri.startswith("otpauth://totp/")
    assert f"secret={enrolled.totp.secret}" in enrolled.totp.uri
    factor_id, secret = enrolled.id, enrolled.totp.secret

    with pytest.raises(AuthApiError) as conflict:
        client.mfa.enroll({"factor_type": "totp", "friendly_name": "Phone app"})
    expect_api_error(conflict, 422, "mfa_factor_name_conflict")

    aal = client.mfa.get_authenticator_assurance_level()
    assert (aal.current_level, aal.next_level) == ("aal1", "aal1")
    pending = client.mfa.list_factors()
    assert [(f.id, f.status) for f in pending.all] == [(factor_id, "unverified")]
    assert pending.totp == []

    challenge = client.mfa.challenge({"factor_id": factor_id})
    assert challenge.id
    assert challenge.factor_type == "totp"
    assert challenge.expires_at > time.time() + 200

    code, step = fresh_totp_code(secret, None)
    with pytest.raises(AuthApiError) as wrong:
        client.mfa.verify(
            {"factor_id": factor_id, "challenge_id": challenge.id, "code": f"{(int(code) + 500_000) % 1_000_000:06d}"}
        )
    expect_api_error(wrong, 422, "mfa_verification_failed")

    verified = client.mfa.verify({"factor_id": factor_id, "challenge_id": challenge.id, "code": code})
    verified_claims = claims(verified.access_token)
    assert verified_claims["aal"] == "aal2"
    assert verified_claims["session_id"] == session_id
    assert amr_methods(verified.access_token) == ["totp", "password"]
    assert [(f.id, f.status) for f in verified.user.factors] == [(factor_id, "verified")]
    assert "MFA_CHALLENGE_VERIFIED" in observed.events
    assert client.get_session().access_token == verified.access_token
    aal = client.mfa.get_authenticator_assurance_level()
    assert (aal.current_level, aal.next_level) == ("aal2", "aal2")
    listed = client.mfa.list_factors()
    assert [(f.id, f.friendly_name, f.status) for f in listed.totp] == [(factor_id, "Phone app", "verified")]

    # A fresh sign-in is aal1 with aal2 next; challenge_and_verify raises it.
    laptop = new_client()
    fresh = laptop.client.sign_in_with_password({"email": address, "password": PASSWORD}).session
    aal = laptop.client.mfa.get_authenticator_assurance_level()
    assert (aal.current_level, aal.next_level) == ("aal1", "aal2")
    assert [m.method for m in aal.current_authentication_methods] == ["password"]
    with pytest.raises(AuthApiError) as early:
        laptop.client.mfa.unenroll({"factor_id": factor_id})
    expect_api_error(early, 422, "insufficient_aal")
    with pytest.raises(AuthApiError) as password_change:
        laptop.client.update_user({"password": "aal1-horse-battery"})
    expect_api_error(password_change, 401, "insufficient_aal")

    second_code, _ = fresh_totp_code(secret, step)
    raised = laptop.client.mfa.challenge_and_verify({"factor_id": factor_id, "code": second_code})
    assert claims(raised.access_token)["aal"] == "aal2"
    assert claims(raised.access_token)["session_id"] == claims(fresh.access_token)["session_id"]
    aal = laptop.client.mfa.get_authenticator_assurance_level()
    assert (aal.current_level, aal.next_level) == ("aal2", "aal2")
    assert ("POST", f"/factors/{factor_id}/challenge", 200) in laptop.exchanges
    assert ("POST", f"/factors/{factor_id}/verify", 200) in laptop.exchanges

    removed = laptop.client.mfa.unenroll({"factor_id": factor_id})
    assert removed.id == factor_id
    assert laptop.last() == ("DELETE", f"/factors/{factor_id}", 200)
    after = laptop.client.mfa.list_factors()
    assert after.all == [] and after.totp == []


def test_a_recovery_code_stands_in_for_the_totp_code_once(new_client, server: Server):
    observed = new_client()
    address, _signed_up = sign_up(observed, "recovery-code")
    client = observed.client
    enrolled = client.mfa.enroll({"factor_type": "totp", "friendly_name": "Phone app"})
    code, _step = fresh_totp_code(enrolled.totp.secret, None)
    verified = client.mfa.challenge_and_verify({"factor_id": enrolled.id, "code": code})
    # The first verify's answer carried the codes; the client keeps only the session, so the
    # test makes a new set as Profile & Settings does.
    made = httpx.post(
        f"{server.base_url}/api/v1/me/recovery-codes",
        headers={"Authorization": f"Bearer {verified.access_token}"},
    )
    assert made.status_code == 200, made.text
    recovery_codes = made.json()["recovery_codes"]
    assert len(recovery_codes) == 10

    phone_lost = new_client()
    phone_lost.client.sign_in_with_password({"email": address, "password": PASSWORD})
    raised = phone_lost.client.mfa.challenge_and_verify({"factor_id": enrolled.id, "code": recovery_codes[0]})
    assert claims(raised.access_token)["aal"] == "aal2"
    assert amr_methods(raised.access_token)[0] == "recovery_code"
    aal = phone_lost.client.mfa.get_authenticator_assurance_level()
    assert aal.current_level == "aal2"

    again = new_client()
    again.client.sign_in_with_password({"email": address, "password": PASSWORD})
    with pytest.raises(AuthApiError) as reused:
        again.client.mfa.challenge_and_verify({"factor_id": enrolled.id, "code": recovery_codes[0]})
    expect_api_error(reused, 422, "mfa_verification_failed")


def test_get_claims_verifies_against_the_jwks(new_client, server: Server):
    observed = new_client()
    _address, signed_up = sign_up(observed, "claims")
    session = signed_up.session
    count = len(observed.exchanges)

    response = observed.client.get_claims()

    assert response is not None
    assert response["headers"]["alg"] == "ES256"
    assert response["headers"]["kid"]
    assert response["claims"]["sub"] == session.user.id
    assert response["claims"]["session_id"] == claims(session.access_token)["session_id"]
    assert response["claims"]["iss"] == server.auth_url
    assert observed.exchanges[count:] == [("GET", "/.well-known/jwks.json", 200)]
    assert not any(path == "/user" for (_m, path, _s) in observed.exchanges)

    # Cached: no request the second time.
    assert observed.client.get_claims(session.access_token)["claims"]["sub"] == session.user.id
    assert len(observed.exchanges) == count + 1

    header, _payload, signature = session.access_token.split(".")
    body = claims(session.access_token) | {"role": "service_role"}
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    with pytest.raises(AuthInvalidJwtError):
        observed.client.get_claims(f"{header}.{forged}.{signature}")
    assert not any(path == "/user" for (_m, path, _s) in observed.exchanges)
