#!/usr/bin/env bash
# Side-by-side benchmark: uniformly random 4-player CATAN games per second on
# one core, for catanatron (PyPI), fastcatan (PyPI) and spielleiter.
#
#   bench/catan/run.sh [SECONDS]          # default 10 s per engine
#
# Environment knobs:
#   BENCH_SECONDS=10     measured wall time per engine (the first argument wins)
#   BENCH_WARMUP=1       warm-up seconds before each measurement
#   BENCH_ROUNDS=3       slices per engine, alternating between the engines
#   BENCH_ONLY="catanatron fastcatan spielleiter"   which engines to run
#   FASTCATAN_ARGS="..."  extra driver options, e.g. "--driver env" or "--policy all"
#                        or "--envs 16" (see fastcatan_random.py --help)
#   OURS_GAME=catan OURS_PLAYERS=4 MAX_TURNS=1000   our bench command's arguments
#   PYTHON_CATANATRON / PYTHON_FASTCATAN   interpreters for the venvs
#                        (default: found via pyenv, python3.X on PATH)
#
# Creates (once, then reuses) two virtual environments, bench/.venv-catanatron
# and bench/.venv-fastcatan (both gitignored). Every engine runs single-threaded
# (OMP_NUM_THREADS=1 and friends) and pinned to one CPU when taskset exists.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BENCH="$(dirname "$HERE")"
ROOT="$(dirname "$BENCH")"

SECS="${1:-${BENCH_SECONDS:-10}}"
WARMUP="${BENCH_WARMUP:-1}"
ROUNDS="${BENCH_ROUNDS:-3}"
ONLY="${BENCH_ONLY:-catanatron fastcatan spielleiter}"

CATANATRON_VERSION="3.2.1"
FASTCATAN_VERSION="2.0.0"
VENV_CAT="$BENCH/.venv-catanatron"
VENV_FC="$BENCH/.venv-fastcatan"
RESULTS="$(mktemp -d)"
trap 'rm -rf "$RESULTS"' EXIT

# One core, one thread for everybody.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 RAYON_NUM_THREADS=1
PIN=()
if command -v taskset >/dev/null 2>&1; then
    PIN=(taskset -c "${BENCH_CPU:-1}")
fi

log() { echo "[catan-bench] $*" >&2; }

# find_python MAJOR.MINOR: prints an interpreter of at least that version
# (exactly that minor version preferred), or nothing.
find_python() {
    local want="$1" cand v
    local -a cands=()
    if command -v pyenv >/dev/null 2>&1; then
        local root
        root="$(pyenv root 2>/dev/null || true)"
        for v in $(pyenv versions --bare 2>/dev/null | sort -V); do
            case "$v" in "$want"|"$want".*) cands+=("$root/versions/$v/bin/python") ;; esac
        done
        for v in $(pyenv versions --bare 2>/dev/null | sort -V); do
            cands+=("$root/versions/$v/bin/python")
        done
    fi
    cands+=("python$want" /usr/bin/python3 python3)
    for cand in "${cands[@]}"; do
        if command -v "$cand" >/dev/null 2>&1 \
            && "$cand" -c "import sys, venv; sys.exit(0 if sys.version_info[:2] >= tuple(map(int, '$want'.split('.'))) else 1)" 2>/dev/null; then
            command -v "$cand"
            return 0
        fi
    done
    return 1
}

# make_venv DIR PYTHON PACKAGE==VERSION...: creates DIR once, installs what is missing.
make_venv() {
    local dir="$1" py="$2"
    shift 2
    if [ ! -x "$dir/bin/python" ]; then
        log "creating $dir with $py ($("$py" --version 2>&1))"
        "$py" -m venv "$dir"
    fi
    if ! "$dir/bin/python" -m pip show "${@%%==*}" >/dev/null 2>&1 \
        || ! "$dir/bin/python" - "$@" <<'EOF'
import sys
from importlib.metadata import version
for req in sys.argv[1:]:
    name, want = req.split("==")
    if version(name) != want:
        sys.exit(1)
EOF
    then
        log "installing $* into $dir"
        "$dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
    fi
}

# Each engine has a setup_* (install or build, once) and a measure_* SECONDS
# that appends one JSON line to $RESULTS/<engine>.jsonl.

setup_catanatron() {
    local py
    py="${PYTHON_CATANATRON:-$(find_python 3.11 || true)}"
    if [ -z "$py" ]; then
        log "catanatron: no Python >= 3.11 found"
        return 1
    fi
    make_venv "$VENV_CAT" "$py" "catanatron==$CATANATRON_VERSION"
}
measure_catanatron() {
    log "catanatron $CATANATRON_VERSION: RandomPlayer x4, $1 s"
    "${PIN[@]}" "$VENV_CAT/bin/python" "$HERE/catanatron_random.py" \
        --seconds "$1" --warmup "$WARMUP" --json >>"$RESULTS/catanatron.jsonl"
}

setup_fastcatan() {
    local py
    py="${PYTHON_FASTCATAN:-$(find_python 3.12 || true)}"
    if [ -z "$py" ]; then
        log "fastcatan: needs Python >= 3.12 (abi3 wheels); none found"
        return 1
    fi
    make_venv "$VENV_FC" "$py" "fastcatan==$FASTCATAN_VERSION"
}
measure_fastcatan() {
    log "fastcatan $FASTCATAN_VERSION: uniformly random legal actions, $1 s"
    # shellcheck disable=SC2086
    "${PIN[@]}" "$VENV_FC/bin/python" "$HERE/fastcatan_random.py" \
        --seconds "$1" --warmup "$WARMUP" ${FASTCATAN_ARGS:-} --json >>"$RESULTS/fastcatan.jsonl"
}

# Ours: `spielleiter bench --game catan --players 4 --seconds S --max-turns 1000 --json`,
# i.e. `cargo run --release -p spielleiter -- bench ...`, built once and then run
# directly so that no rebuild can happen between rounds. It prints one JSON object
# (games_per_sec, decisions_per_sec, mean_decisions, state_bytes, games, capped).
# Same turn cap as catanatron's TURNS_LIMIT. SPIELLEITER_BIN=path skips the build;
# OURS_GAME/OURS_PLAYERS exist only to test this plumbing on another game.
OURS_GAME="${OURS_GAME:-catan}"
OURS_PLAYERS="${OURS_PLAYERS:-4}"
MAX_TURNS="${MAX_TURNS:-1000}"
SPIELLEITER="${SPIELLEITER_BIN:-}"
setup_spielleiter() {
    if [ -z "$SPIELLEITER" ]; then
        log "spielleiter: cargo build --release -p spielleiter"
        (cd "$ROOT" && cargo build --release -q -p spielleiter) || return 1
        SPIELLEITER="${CARGO_TARGET_DIR:-$ROOT/target}/release/spielleiter"
    fi
    [ -x "$SPIELLEITER" ]
}
measure_spielleiter() {
    log "spielleiter: bench --game $OURS_GAME --players $OURS_PLAYERS --max-turns $MAX_TURNS, $1 s"
    "${PIN[@]}" "$SPIELLEITER" bench --game "$OURS_GAME" --players "$OURS_PLAYERS" \
        --seconds "$1" --max-turns "$MAX_TURNS" --json \
        | grep -E '^\s*\{' | tail -n 1 >>"$RESULTS/spielleiter.jsonl"
}

ENGINES=()
for engine in $ONLY; do
    if "setup_$engine"; then
        ENGINES+=("$engine")
    else
        log "$engine: set-up FAILED (see messages above); left out of the comparison"
    fi
done

# The measured time of every engine is split into ROUNDS slices that alternate
# between the engines, so that load from other processes hits all of them alike.
SLICE="$(python3 -c "print(round($SECS / $ROUNDS, 3))")"
for ((round = 1; round <= ROUNDS; round++)); do
    for engine in "${ENGINES[@]}"; do
        if ! "measure_$engine" "$SLICE"; then
            log "$engine: run FAILED in round $round"
        fi
    done
done

python3 "$HERE/report.py" "$RESULTS" "$SECS"
