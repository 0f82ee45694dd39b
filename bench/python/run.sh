#!/usr/bin/env bash
# spielleiter's Python environments against fastcatan 2.0.0's BatchedEnv and
# catanatron 3.2.1's Gymnasium env (catanatron-gym 4.0.0), one core each.
#
#   bench/python/run.sh [SECONDS]      # default 10 s per engine and comparison
#
# Makes (once) bench/.venv-py-fastcatan (Python >= 3.12: fastcatan ships
# wheels for those only) and bench/.venv-py-catanatron (Python 3.11), each
# with spielleiter installed from ./python, both from PyPI. Interpreters:
# PYTHON_FASTCATAN / PYTHON_CATANATRON, else pyenv's 3.12 / 3.11.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$(dirname "$HERE")")"
SECS="${1:-10}"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 RAYON_NUM_THREADS=1
PIN=()
command -v taskset >/dev/null 2>&1 && PIN=(taskset -c "${BENCH_CPU:-1}")

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
# One abi3 wheel of ./python (the README's build), installed into both.
WHEELS="$(mktemp -d)"
"$FC/bin/pip" wheel -q --no-deps -w "$WHEELS" "$ROOT/python"
for dir in "$FC" "$CAT"; do
    "$dir/bin/pip" install -q --force-reinstall --no-deps "$WHEELS"/spielleiter-*.whl
done
rm -rf "$WHEELS"
uptime

"${PIN[@]}" "$FC/bin/python" "$HERE/bench.py" vector --seconds "$SECS" --json
"${PIN[@]}" "$CAT/bin/python" "$HERE/bench.py" gym --seconds "$SECS" --json
uptime
