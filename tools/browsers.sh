#!/usr/bin/env bash
# Chromium for the browser tests, from Debian's packages (Playwright never downloads
# its own here). Idempotent; on a bare Debian machine run as root it installs it.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  echo "[browsers] Chromium is installed: $(chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "[browsers] Chromium is missing: install Debian's chromium package (needs root and apt-get), or set CHROMIUM_PATH" >&2
  exit 1
fi
echo "[browsers] installing Chromium"
DEBIAN_FRONTEND=noninteractive apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
echo "[browsers] Chromium is installed: $(chromium --version)"
