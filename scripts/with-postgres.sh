#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: initialises a cluster in a temporary
# directory, starts it on a free loopback port, exports DATABASE_URL, runs "$@", then stops the
# server and removes the directory, whatever the command's outcome.
set -euo pipefail

find_pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "PostgreSQL server binaries (initdb, pg_ctl) not found; install the postgresql package." >&2
  exit 1
}

pg_bin=$(find_pg_bin)
workdir=$(mktemp -d /tmp/ballast-pg.XXXXXX)
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

# PostgreSQL refuses to run as root; use the account the Debian package creates, or make one.
run_as=()
if [ "$(id -u)" = 0 ]; then
  id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$workdir"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$pg_bin/pg_ctl" -D "$workdir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$workdir"
}
trap cleanup EXIT

"${run_as[@]}" "$pg_bin/initdb" -D "$workdir/data" -U ballast --auth=trust --encoding=UTF8 >/dev/null
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$workdir/data" -l "$workdir/server.log" -w \
  -o "-p $port -k $workdir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null

export DATABASE_URL="postgres://ballast@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') at 127.0.0.1:$port"
"$@"
