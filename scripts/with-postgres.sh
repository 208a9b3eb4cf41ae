#!/usr/bin/env bash
# Runs a command against a throwaway Postgres server: starts a fresh cluster in a temp folder,
# exports DATABASE_URL, runs the command, then stops the cluster and deletes the folder.
#   scripts/with-postgres.sh npx vitest run --project api
# Works as root (initdb refuses root, so the cluster runs as the 'postgres' user) and as a normal user.
# Set PG_BIN to pick the Postgres binaries; otherwise the newest /usr/lib/postgresql/*/bin or PATH is used.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

find_pg_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    echo "$PG_BIN"
    return
  fi
  local dir
  # Debian keeps the server binaries out of PATH, one folder per major version.
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
    echo "$dir"
    return
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  echo "with-postgres: no Postgres binaries found (install the 'postgresql' package or set PG_BIN)" >&2
  exit 1
}

PG_BIN=$(find_pg_bin)
for tool in initdb pg_ctl; do
  [ -x "$PG_BIN/$tool" ] || { echo "with-postgres: $PG_BIN/$tool not found" >&2; exit 1; }
done

# Postgres refuses to run as root, so as root the cluster belongs to an unprivileged user.
run_as_db_user() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  DB_USER=postgres
  id "$DB_USER" >/dev/null 2>&1 || DB_USER=nobody
  run_as_db_user() { runuser -u "$DB_USER" -- "$@"; }
fi

# A free port chosen by the kernel; PGPORT overrides it.
PORT=${PGPORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}

# As root the cluster user must reach the folder, so it goes under /tmp rather than a private TMPDIR.
TMP_BASE=${TMPDIR:-/tmp}
[ "$(id -u)" -eq 0 ] && TMP_BASE=/tmp
WORK=$(mktemp -d "$TMP_BASE/with-postgres.XXXXXX")
chmod 755 "$WORK"
[ "$(id -u)" -eq 0 ] && chown "$DB_USER" "$WORK"

cleanup() {
  local status=$?
  if [ -f "$WORK/data/postmaster.pid" ]; then
    run_as_db_user "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

run_as_db_user "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --no-locale --no-sync \
  >"$WORK/initdb.log" 2>&1 || { cat "$WORK/initdb.log" >&2; exit 1; }

# Durability is pointless for a throwaway cluster; turning it off makes tests faster.
run_as_db_user "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w -t 60 start \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null || { cat "$WORK/postgres.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: Postgres $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PORT" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
