#!/bin/sh
# The PostgreSQL tests (tests/store/pgcluster.py) start a throwaway cluster of the machine's
# PostgreSQL server (initdb and pg_ctl of Debian's `postgresql` package) in a temporary folder.
# Install it when it is missing and we may (root); otherwise say so: those tests then skip.
set -e
for bin in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$bin" ]; then
        exit 0
    fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
else
    echo "ensure-postgres: PostgreSQL's initdb is missing (install the 'postgresql' package); PostgreSQL tests will skip" >&2
fi
