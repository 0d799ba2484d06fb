#!/usr/bin/env python3
"""Chaos run of the money path (`make chaos`): concurrent plays and withdrawals against the
server binary, SIGKILLed at random moments several times and restarted, on SQLite and on
PostgreSQL. Afterwards it checks that every acknowledged operation is in the ledger exactly
once, that nothing is half there (a counted play without its credit, a withdrawal without its
debit), and that every balance equals the sum of its ledger and is never negative.

Usage: scripts/chaos.py BINARY [--kills N] [--seconds S] [--backends sqlite,postgres] [--seed N]
PostgreSQL needs TEST_DATABASE_URL (an admin URL; a database is created and dropped) and psql;
SQLite needs sqlite3. Standard library only. Exit status 1 on any violation.
"""

import argparse, json, os, random, signal, socket, subprocess, sys, tempfile, threading, time
import urllib.error, urllib.request, uuid
from datetime import datetime, timezone

USERS = 3
WORKERS = 8


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(base, method, path, token=None, body=None, headers=None, timeout=10):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    for k, v in (headers or {}).items():
        req.add_header(k, v)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


class Database:
    def __init__(self, backend, data_dir):
        self.backend = backend
        if backend == "sqlite":
            self.path = os.path.join(data_dir, "backbeat.db")
            self.url = "sqlite://" + self.path
        else:
            admin = os.environ["TEST_DATABASE_URL"]
            self.name = "chaos_" + uuid.uuid4().hex[:12]
            subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {self.name}"], check=True)
            self.admin = admin
            self.url = admin.rsplit("/", 1)[0] + "/" + self.name

    def rows(self, sql):
        if self.backend == "sqlite":
            out = subprocess.run(["sqlite3", "-separator", "|", self.path, sql],
                                 check=True, capture_output=True, text=True).stdout
        else:
            out = subprocess.run(["psql", self.url, "-At", "-F", "|", "-c", sql],
                                 check=True, capture_output=True, text=True).stdout
        return [line.split("|") for line in out.splitlines() if line]

    def execute(self, sql):
        self.rows(sql)

    def drop(self):
        if self.backend == "postgres":
            subprocess.run(["psql", self.admin, "-qc", f"DROP DATABASE IF EXISTS {self.name}"])


class Server:
    def __init__(self, binary, data_dir, db):
        self.binary, self.port = binary, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, BACKBEAT_ADDR=f"127.0.0.1:{self.port}",
                        BACKBEAT_DATA_DIR=data_dir, BACKBEAT_DATABASE_URL=db.url,
                        BACKBEAT_PLAY_COUNT_WINDOW_SECS="0", BACKBEAT_JOB_WORKERS="0",
                        BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE="1000")
        self.env.pop("BACKBEAT_CONFIG", None)
        self.process = None

    def start(self):
        self.process = subprocess.Popen([self.binary, "serve"], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                if request(self.base, "GET", "/readyz", timeout=1)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise SystemExit("the server did not become ready")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


class Books:
    """What the clients were told, and what they sent without an answer."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counted = {}      # track -> acknowledged counted plays
        self.unanswered = {}   # track -> plays sent without an answer
        self.withdrawals = {}  # acknowledged withdrawal id -> amount_units
        self.retry = []        # (user index, key) of withdrawals sent without an answer
        self.operations = 0


def worker(server, users, tracks, books, stop, rng):
    while not stop.is_set():
        try:
            if rng.random() < 0.93:
                listener = rng.randrange(USERS)
                track, owner = rng.choice(tracks)
                try:
                    status, body = request(server.base, "POST", f"/api/v1/tracks/{track}/plays",
                                           users[listener]["token"])
                except OSError:
                    with books.lock:
                        books.unanswered[track] = books.unanswered.get(track, 0) + 1
                    time.sleep(0.05)
                    continue
                with books.lock:
                    books.operations += 1
                    if status == 200 and body["counted"]:
                        books.counted[track] = books.counted.get(track, 0) + 1
            else:
                who, key = rng.randrange(USERS), str(uuid.uuid4())
                withdraw(server, users, books, who, key)
        except Exception as err:  # noqa: BLE001 - a harness error must not end the run silently
            print("worker:", err, file=sys.stderr)
            time.sleep(0.05)


def withdraw(server, users, books, who, key):
    body = {"method": "paypal", "details": f"artist{who}@example.com"}
    try:
        status, answer = request(server.base, "POST", "/api/v1/withdrawals", users[who]["token"],
                                 body, {"Idempotency-Key": key})
    except OSError:
        with books.lock:
            books.retry.append((who, key))
        return
    with books.lock:
        books.operations += 1
        if status == 201:
            books.withdrawals[answer["id"]] = answer["amount_units"]


def seed(server, db):
    users = []
    for i in range(USERS):
        email = f"artist{i}-{uuid.uuid4().hex[:8]}@example.com"
        status, session = request(server.base, "POST", "/auth/v1/signup", body={
            "email": email, "password": "correct horse battery", "data": {"name": f"Artist {i}"}})
        assert status == 200, session
        users.append({"id": session["user"]["id"], "token": session["access_token"]})
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    tracks = []
    for i, user in enumerate(users):
        track = str(uuid.uuid4())
        db.execute(
            "INSERT INTO tracks (id, uploaded_by, title, artist, title_lower, artist_lower, "
            "search_text, duration_secs, status, audio_key, audio_content_type, audio_size_bytes, "
            f"lossless_source, created_at, updated_at) VALUES ('{track}', '{user['id']}', "
            f"'Song {i}', 'Artist {i}', 'song {i}', 'artist {i}', 'song {i} artist {i}', 180, "
            f"'ready', 'tracks/chaos.mp3', 'audio/mpeg', 1, FALSE, '{now}', '{now}')")
        tracks.append((track, i))
    return users, tracks


def check(db, books):
    violations = []
    for track, plays, counted, credits in db.rows(
            "SELECT t.id, t.plays, "
            "(SELECT COUNT(*) FROM listening_history h WHERE h.track_id = t.id AND h.counted), "
            "(SELECT COUNT(*) FROM ledger_entries l WHERE l.track_id = t.id "
            "AND l.kind = 'play_credit') FROM tracks t"):
        plays, counted, credits = int(plays), int(counted), int(credits)
        if not plays == counted == credits:
            violations.append(f"track {track}: plays {plays}, counted {counted}, credits {credits}")
        acked, unanswered = books.counted.get(track, 0), books.unanswered.get(track, 0)
        if not acked <= credits <= acked + unanswered:
            violations.append(f"track {track}: {acked} acknowledged (+{unanswered} unanswered), "
                              f"{credits} credited")
    debits = {w: (int(n), int(total)) for w, n, total in db.rows(
        "SELECT w.id, (SELECT COUNT(*) FROM ledger_entries l WHERE l.withdrawal_id = w.id "
        "AND l.kind = 'withdrawal_debit'), COALESCE((SELECT SUM(l.amount_units) FROM "
        "ledger_entries l WHERE l.withdrawal_id = w.id AND l.kind = 'withdrawal_debit'), 0) "
        "+ w.amount_units FROM withdrawals w")}
    for withdrawal, (n, total) in debits.items():
        if n != 1 or total != 0:
            violations.append(f"withdrawal {withdrawal}: {n} debits, off by {total}")
    for withdrawal in books.withdrawals:
        if withdrawal not in debits:
            violations.append(f"acknowledged withdrawal {withdrawal} is not stored")
    for user, balance, ledger in db.rows(
            "SELECT b.user_id, b.balance_units, (SELECT COALESCE(SUM(l.amount_units), 0) FROM "
            "ledger_entries l WHERE l.user_id = b.user_id) FROM balances b"):
        if int(balance) != int(ledger) or int(balance) < 0:
            violations.append(f"user {user}: balance {balance}, ledger {ledger}")
    orphans = db.rows("SELECT COUNT(DISTINCT user_id) FROM ledger_entries l WHERE NOT EXISTS "
                      "(SELECT 1 FROM balances b WHERE b.user_id = l.user_id)")[0][0]
    if int(orphans):
        violations.append(f"{orphans} ledgers without a balance")
    return violations, len(debits)


def run(binary, backend, kills, seconds, rng):
    data_dir = tempfile.mkdtemp(prefix=f"backbeat-chaos-{backend}-")
    db = Database(backend, data_dir)
    server = Server(binary, data_dir, db)
    try:
        server.start()
        users, tracks = seed(server, db)
        books, stop = Books(), threading.Event()
        threads = [threading.Thread(target=worker, args=(server, users, tracks, books, stop,
                                                         random.Random(rng.random())))
                   for _ in range(WORKERS)]
        for thread in threads:
            thread.start()
        start = time.monotonic()
        for at in sorted(rng.uniform(2.0, seconds - 2.0) for _ in range(kills)):
            time.sleep(max(0.0, start + at - time.monotonic()))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.5))
            server.start()
        time.sleep(max(0.0, start + seconds - time.monotonic()))
        stop.set()
        for thread in threads:
            thread.join()
        # A withdrawal sent without an answer is retried with its key: the first one if it was
        # stored, else a new request; never two.
        for who, key in list(books.retry):
            withdraw(server, users, books, who, key)
        violations, stored = check(db, books)
        server.kill()
        credits = sum(int(r[0]) for r in db.rows(
            "SELECT COUNT(*) FROM ledger_entries WHERE kind = 'play_credit'"))
        print(f"{backend}: {books.operations} acknowledged operations ({credits} counted plays "
              f"credited, {len(books.withdrawals)} acknowledged withdrawals, {stored} stored), "
              f"{sum(books.unanswered.values()) + len(books.retry)} requests cut by {kills} "
              f"SIGKILLs, violations: {len(violations)}")
        for violation in violations:
            print("  " + violation)
        return len(violations)
    finally:
        if server.process and server.process.poll() is None:
            server.kill()
        db.drop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    print(f"seed {args.seed}")
    rng = random.Random(args.seed)
    failed = sum(run(args.binary, backend, args.kills, args.seconds, rng) for backend in args.backends.split(","))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
