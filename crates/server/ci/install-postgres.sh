#!/usr/bin/env bash
# Installs PostgreSQL (Debian's package) for the server's PostgreSQL tests.
# Idempotent; needs root (CI runs as root). The tests make and remove their
# own temporary cluster on a free loopback port; no service is started here.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && id postgres >/dev/null 2>&1; then
    echo "PostgreSQL already installed: $(ls -d /usr/lib/postgresql/*/bin | tail -n 1)"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql >/dev/null
# The Debian package starts a cluster of its own; the tests do not need it.
if command -v pg_lsclusters >/dev/null 2>&1; then
    pg_lsclusters --no-header 2>/dev/null | while read -r version name _; do
        pg_ctlcluster "$version" "$name" stop 2>/dev/null || true
    done
fi
echo "PostgreSQL installed: $(ls -d /usr/lib/postgresql/*/bin | tail -n 1)"
