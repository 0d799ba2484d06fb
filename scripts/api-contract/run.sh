#!/usr/bin/env bash
# The API contract, checked from outside: schemathesis reads /api/openapi.json and sends what it
# allows and what it forbids (coverage, fuzzing and stateful phases, every default check) to the
# server binary, signed in as a listener, over the demo content. Any failure fails: a server
# error, a status the document does not list, a valid request refused, an invalid one accepted,
# an answer that does not match its schema. The seed is fixed, so a run is repeatable.
#
#   BACKBEAT_BIN=target/debug/backbeat SCHEMATHESIS=venv/bin/schemathesis scripts/api-contract/run.sh
#
# SCHEMATHESIS_SEED and SCHEMATHESIS_MAX_EXAMPLES change the run; the report (JUnit XML and the
# server's log) is kept in $API_CONTRACT_REPORT_DIR (default: a temporary folder, printed).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bin=${BACKBEAT_BIN:?set BACKBEAT_BIN to the backbeat binary}
schemathesis=${SCHEMATHESIS:?set SCHEMATHESIS to the schemathesis command}
seed=${SCHEMATHESIS_SEED:-27}
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-40}

work=$(mktemp -d)
report_dir=${API_CONTRACT_REPORT_DIR:-$work/report}
mkdir -p "$report_dir"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [ -z "${API_CONTRACT_REPORT_DIR:-}" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export BACKBEAT_DATA_DIR="$work/data" BACKBEAT_ADDR="127.0.0.1:$port" BACKBEAT_PUBLIC_URL="$base"
unset BACKBEAT_CONFIG BACKBEAT_DATABASE_URL BACKBEAT_SMTP_URL
# AutoMix is on, with a stand-in separator whose stems are the track itself: separations finish
# at once, so their routes, stem streams and live events are exercised without the model.
printf '#!/bin/sh\ncp "$1" "$2" && cp "$1" "$3"\n' >"$work/separate.sh"
chmod +x "$work/separate.sh"
export BACKBEAT_AUTOMIX_COMMAND="$work/separate.sh {input} {vocals} {accompaniment}" BACKBEAT_AUTOMIX_CONCURRENCY=1
export RUST_LOG=${RUST_LOG:-warn}

echo "== API contract: demo content =="
"$bin" seed-demo >"$report_dir/seed-demo.log" 2>&1 || { cat "$report_dir/seed-demo.log" >&2; exit 1; }
tail -n 1 "$report_dir/seed-demo.log"

"$bin" serve >"$report_dir/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$report_dir/server.log" >&2; exit 1; }
  sleep 0.2
done

token=$(curl -fsS -X POST "$base/auth/v1/signup" -H 'content-type: application/json' \
  -d '{"email": "contract@example.com", "password": "contract-password", "data": {"name": "Contract Tester"}}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')

echo "== API contract: schemathesis (seed $seed, at most $max_examples cases per operation) =="
status=0
# Run in the work folder: schemathesis keeps a cache in the folder it runs in.
(cd "$work" && "$schemathesis" --config-file "$here/schemathesis.toml" run "$base/api/openapi.json" \
  --header "Authorization: Bearer $token" \
  --phases coverage,fuzzing,stateful \
  --seed "$seed" \
  --max-examples "$max_examples" \
  --workers 1 \
  --suppress-health-check too_slow,filter_too_much \
  --report junit --report-junit-path "$report_dir/schemathesis.xml") || status=$?
if grep -q 'panicked' "$report_dir/server.log"; then
  echo "the server panicked during the run:" >&2
  grep -A5 'panicked' "$report_dir/server.log" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then echo "API contract: failed (report and server log in $report_dir)" >&2; fi
exit "$status"
