#!/usr/bin/env bash
# Install Debian's Chromium and its WebDriver for the browser tests (tests/browser/).
# Idempotent: does nothing when both are already installed. Needs root (or sudo) and apt.
# Test tools' own browser downloads (e.g. `playwright install`) do not work here; use these.
set -euo pipefail

packages=(chromium chromium-driver)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "chromium and chromium-driver are already installed."
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
/usr/bin/chromium --version
/usr/bin/chromedriver --version
