#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests: initdb in a temp dir, start it on a private port,
# export TEST_POSTGRES_URL, and always stop and delete it afterwards.
#
#   scripts/with-postgres.sh COMMAND [ARGS…]   run COMMAND with TEST_POSTGRES_URL set
#   scripts/with-postgres.sh --serve           print TEST_POSTGRES_URL=…, keep the cluster until
#                                              stdin closes (how the Vitest global setup uses it)
#
# VELA_TEST_PG_PORT picks the port (default: a free one); PG_BIN the binaries (default PostgreSQL 15's).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
# A free port unless one is given, so a busy 5432-style port never breaks a run.
PORT="${VELA_TEST_PG_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"

if [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
  echo "with-postgres: no PostgreSQL binaries in $PG_BIN (install postgresql-15, set PG_BIN, or set TEST_POSTGRES_URL to a server you run)" >&2
  exit 1
fi

DIR="$(mktemp -d /tmp/vela-pg.XXXXXX)"
chmod 755 "$DIR"
# initdb refuses to run as root: run the cluster as the postgres user when we are root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; fi

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_owner "$PG_BIN/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
# Durability is worthless for a throwaway cluster; turning it off makes the suites several times faster.
as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w start \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null \
  || { cat "$DIR/server.log" >&2; exit 1; }

export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$PORT/postgres"

if [ "${1:-}" = "--serve" ]; then
  echo "TEST_POSTGRES_URL=$TEST_POSTGRES_URL"
  cat >/dev/null || true
  exit 0
fi

"$@"
