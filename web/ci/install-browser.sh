#!/usr/bin/env bash
# Installs what the browser end-to-end tests (crates/web-e2e) need: headless
# Chromium and its WebDriver from Debian's packages. Idempotent: does nothing
# when both are already there. Run as root (CI runs as root).
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    echo "install-browser: chromium and chromedriver are installed ($(chromium --version 2>/dev/null | head -n1))"
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null
echo "install-browser: installed $(chromium --version 2>/dev/null | head -n1)"
command -v chromedriver >/dev/null
