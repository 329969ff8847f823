#!/bin/sh
# The browser tests use the machine's Chromium (/usr/bin/chromium, Debian package `chromium`) and a
# CJK font so that the Chinese catalogue renders (Debian package `fonts-wqy-microhei`, WenQuanYi
# Micro Hei: Traditional and Simplified Chinese). Install what is missing when we may (root);
# otherwise say so: the browser tests then skip (no Chromium) or Chinese shows empty boxes.
set -e
need=""
[ -x /usr/bin/chromium ] || need="chromium"
if ! fc-list ':lang=zh-tw' 2>/dev/null | grep -q .; then
    need="$need fonts-wqy-microhei"
fi
if [ -z "$need" ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need
else
    echo "ensure-chromium: missing $need (install the Debian packages); browser tests skip without Chromium, Chinese needs the font" >&2
fi
