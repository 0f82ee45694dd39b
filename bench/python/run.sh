#!/usr/bin/env bash
# spielleiter's Python environments against fastcatan 2.0.0's BatchedEnv and
# catanatron 3.2.1's Gymnasium env (catanatron-gym 4.0.0), one core each, CATAN's rulebook on
# both sides unless bench.py is given --options (see its docstring).
#
#   bench/python/run.sh [SECONDS]      # default 20 s per engine and comparison
#
# Every row is single-threaded except "threads=2": the vector comparison is
# pinned to two cores (BENCH_CPUS, default 0,1) so that row can use both, the
# others run on one core at a time; the Gymnasium comparison to one core
# (BENCH_CPU, default 1). Rows alternate in short slices; medians of rounds.
# "parts" splits a batch step into the harness's draw and the engine's step
# (medians of single steps) and prints the ratios the harness allows at most.
#
# Makes (once) bench/.venv-py-fastcatan (Python >= 3.12: fastcatan ships
# wheels for those only) and bench/.venv-py-catanatron (Python 3.11), each
# with spielleiter installed from ./python, both from PyPI. Interpreters:
# PYTHON_FASTCATAN / PYTHON_CATANATRON, else pyenv's 3.12 / 3.11.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$(dirname "$HERE")")"
SECS="${1:-20}"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 RAYON_NUM_THREADS=1
PIN=() PIN2=()
if command -v taskset >/dev/null 2>&1; then
    PIN=(taskset -c "${BENCH_CPU:-1}")
    PIN2=(taskset -c "${BENCH_CPUS:-0,1}")
fi

pyenv_python() {
    local v
    v="$(pyenv versions --bare 2>/dev/null | grep -E "^$1(\.|$)" | sort -V | tail -1 || true)"
    [ -n "$v" ] && echo "$(pyenv root)/versions/$v/bin/python" || command -v "python$1" || true
}

venv() { # DIR PYTHON PACKAGES...
    local dir="$1" py="$2"
    shift 2
    if [ ! -x "$dir/bin/python" ]; then
        "$py" -m venv "$dir"
        "$dir/bin/pip" install -q --upgrade pip
        "$dir/bin/pip" install -q numpy gymnasium "$@"
    fi
}

FC="$ROOT/bench/.venv-py-fastcatan"
CAT="$ROOT/bench/.venv-py-catanatron"
venv "$FC" "${PYTHON_FASTCATAN:-$(pyenv_python 3.12)}" "fastcatan==2.0.0"
venv "$CAT" "${PYTHON_CATANATRON:-$(pyenv_python 3.11)}" "catanatron==3.2.1" "catanatron-gym==4.0.0"
# One abi3 wheel of ./python (the README's build, release profile), installed
# into both; WHEEL=path uses a wheel built already (e.g. the manylinux one).
WHEELS="$(mktemp -d)"
if [ -n "${WHEEL:-}" ]; then cp "$WHEEL" "$WHEELS/"; else "$FC/bin/pip" wheel -q --no-deps -w "$WHEELS" "$ROOT/python"; fi
for dir in "$FC" "$CAT"; do
    "$dir/bin/pip" install -q --force-reinstall --no-deps "$WHEELS"/spielleiter-*.whl
done
rm -rf "$WHEELS"
uptime

"${PIN2[@]}" "$FC/bin/python" "$HERE/bench.py" vector --seconds "$SECS" --json
"${PIN2[@]}" "$FC/bin/python" "$HERE/bench.py" parts --seconds "$SECS" --json
"${PIN[@]}" "$CAT/bin/python" "$HERE/bench.py" gym --seconds "$SECS" --json
uptime
