#!/bin/sh
# The browser tests use the machine's Chromium (/usr/bin/chromium, Debian package `chromium`).
# Install it when it is missing and we may (root); otherwise say so: the browser tests then skip.
set -e
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
else
    echo "ensure-chromium: /usr/bin/chromium is missing (install the 'chromium' package); browser tests will skip" >&2
fi
