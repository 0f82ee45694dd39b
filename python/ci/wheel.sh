#!/usr/bin/env bash
# Builds the package as a manylinux abi3 wheel (zig as the linker, glibc 2.17), checks it with
# auditwheel, installs it into a fresh virtual environment whose PATH has no Rust toolchain and
# runs the quick-start there; then installs the same wheel into the test environment.
#
#   bash python/ci/wheel.sh VENV [PROFILE]     # VENV: the test environment (with maturin,
#                                              # ziglang, auditwheel); PROFILE: ci (default) or release
set -euo pipefail
VENV=$1
PROFILE=${2:-ci}
cd "$(dirname "$0")/.."
OUT=$(mktemp -d)
# maturin finds zig through `python -m ziglang` of the Python on PATH.
PATH="$VENV/bin:$PATH" maturin build --profile "$PROFILE" --zig --compatibility manylinux2014 \
    -i "$VENV/bin/python" -o "$OUT"
WHEEL=$(ls "$OUT"/spielleiter-*.whl)
echo "wheel: $(basename "$WHEEL") ($(du -k "$WHEEL" | cut -f1) KiB)"
case "$(basename "$WHEEL")" in
    *-cp39-abi3-*manylinux_2_17_x86_64*) ;;
    *) echo "not an abi3 manylinux_2_17 wheel: $WHEEL"; exit 1 ;;
esac
SHOW=$("$VENV/bin/auditwheel" show "$WHEEL")
echo "$SHOW"
echo "$SHOW" | grep -q 'platform tag:' && echo "$SHOW" | tr -d '\n' | grep -q '"manylinux_2_17_x86_64"' \
    || { echo "auditwheel does not place the wheel at manylinux_2_17"; exit 1; }

# A new user's machine: a fresh venv, no cargo or rustc anywhere on PATH.
FRESH="$(mktemp -d)/venv"
python3 -m venv "$FRESH"
CLEAN_PATH="$FRESH/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin"
if env -i HOME="$HOME" PATH="$CLEAN_PATH" sh -c 'command -v cargo || command -v rustc'; then
    echo "a Rust toolchain is on the clean PATH"; exit 1
fi
env -i HOME="$HOME" PATH="$CLEAN_PATH" pip install -q "$WHEEL" "gymnasium>=0.29"
QUICK="$PWD/examples/quickstart.py"
# Run from an empty folder, so that the source package in python/ cannot shadow the installed one.
(cd "$(mktemp -d)" && env -i HOME="$HOME" PATH="$CLEAN_PATH" python "$QUICK")

"$VENV/bin/pip" install -q --force-reinstall --no-deps "$WHEEL"
