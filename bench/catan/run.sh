#!/usr/bin/env bash
# Side-by-side benchmark: uniformly random 4-player CATAN games per second on
# one core, for catanatron (PyPI), fastcatan (PyPI) and spielleiter.
#
#   bench/catan/run.sh [SECONDS]          # default 10 s per engine
#
# Environment knobs:
#   BENCH_SECONDS=10     measured wall time per engine (the first argument wins)
#   BENCH_WARMUP=1       warm-up seconds before each measurement
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

run_catanatron() {
    local py
    py="${PYTHON_CATANATRON:-$(find_python 3.11 || true)}"
    if [ -z "$py" ]; then
        log "catanatron: no Python >= 3.11 found"
        return 1
    fi
    make_venv "$VENV_CAT" "$py" "catanatron==$CATANATRON_VERSION"
    log "catanatron $CATANATRON_VERSION: RandomPlayer x4, ${SECS} s"
    "${PIN[@]}" "$VENV_CAT/bin/python" "$HERE/catanatron_random.py" \
        --seconds "$SECS" --warmup "$WARMUP" --json >"$RESULTS/catanatron.json"
}

run_fastcatan() {
    local py
    py="${PYTHON_FASTCATAN:-$(find_python 3.12 || true)}"
    if [ -z "$py" ]; then
        log "fastcatan: needs Python >= 3.12 (abi3 wheels); none found"
        return 1
    fi
    make_venv "$VENV_FC" "$py" "fastcatan==$FASTCATAN_VERSION"
    log "fastcatan $FASTCATAN_VERSION: uniformly random legal actions, ${SECS} s"
    "${PIN[@]}" "$VENV_FC/bin/python" "$HERE/fastcatan_random.py" \
        --seconds "$SECS" --warmup "$WARMUP" ${FASTCATAN_ARGS:-} --json >"$RESULTS/fastcatan.json"
}

# Ours: the CLI's bench command prints one JSON object
# (games_per_sec, decisions_per_sec, mean_decisions, state_bytes, games, capped).
# Same turn cap as catanatron's TURNS_LIMIT. OURS_GAME/OURS_PLAYERS exist only to
# test this plumbing on another game.
OURS_GAME="${OURS_GAME:-catan}"
OURS_PLAYERS="${OURS_PLAYERS:-4}"
MAX_TURNS="${MAX_TURNS:-1000}"
run_spielleiter() {
    log "spielleiter: building the CLI (release)"
    (cd "$ROOT" && cargo build --release -q -p spielleiter) || return 1
    log "spielleiter: bench --game $OURS_GAME --players $OURS_PLAYERS --max-turns $MAX_TURNS, ${SECS} s"
    (cd "$ROOT" && "${PIN[@]}" cargo run --release -q -p spielleiter -- \
        bench --game "$OURS_GAME" --players "$OURS_PLAYERS" --seconds "$SECS" \
        --max-turns "$MAX_TURNS" --json) \
        | grep -E '^\s*\{' | tail -n 1 >"$RESULTS/spielleiter.json"
    [ -s "$RESULTS/spielleiter.json" ]
}

for engine in $ONLY; do
    if ! "run_$engine"; then
        log "$engine: FAILED (see messages above); left out of the comparison"
        rm -f "$RESULTS/$engine.json"
    fi
done

python3 "$HERE/report.py" "$RESULTS" "$SECS"
