#!/usr/bin/env bash
# The browser tests drive Debian's Chromium and its headless shell (decision 111); install them when missing
# (Playwright's own browser download cannot work here).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && [ -x "${CHROMIUM_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  exit 0
fi
echo "Installing Chromium and its headless shell for the browser tests (apt-get)..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium chromium-headless-shell
