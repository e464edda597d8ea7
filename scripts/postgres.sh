#!/usr/bin/env bash
# A PostgreSQL server for the tests: 127.0.0.1:5432, user postgres, trust authentication,
# database "test". Idempotent: when a server already answers there, it does nothing.
# Otherwise (a fresh Debian machine, as root) it installs PostgreSQL from the Debian
# packages, starts the cluster, allows trust authentication for postgres on 127.0.0.1
# and creates the database.
#
# It never fails the test run: when it cannot do its job it says why and exits 0, and
# the PostgreSQL tests then skip (locally) or fail with a clear message (in CI).
set -uo pipefail

HOST=127.0.0.1
PORT=${BATTLECON_PG_PORT:-5432}          # overridable only to try this script out
CLUSTER=${BATTLECON_PG_CLUSTER:-main}    # on a spare cluster
DBNAME=test

say() { echo "postgres.sh: $*"; }
warn() {
  echo "postgres.sh: WARNING: $*" >&2
  echo "postgres.sh: WARNING: PostgreSQL is not available at $HOST:$PORT; the PostgreSQL" \
       "tests will be skipped locally and fail in CI." >&2
  exit 0
}

ready() { command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$HOST" -p "$PORT"; }

as_postgres() {
  if command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  fi
}

ensure_database() {
  local psql=(psql -h "$HOST" -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -tAq)
  if ! "${psql[@]}" -c "SELECT 1" >/dev/null 2>&1; then
    # Reachable but not (yet) with trust for postgres over TCP: use the local socket.
    psql=(as_postgres psql -p "$PORT" -d postgres -v ON_ERROR_STOP=1 -tAq)
  fi
  if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$DBNAME'" 2>/dev/null)" \
       != "1" ]; then
    "${psql[@]}" -c "CREATE DATABASE \"$DBNAME\"" >/dev/null || return 1
    say "created database $DBNAME"
  fi
}

if ready; then
  # Already running (the usual case on the development and CI machines).
  ensure_database || say "server up, but could not check or create database $DBNAME"
  exit 0
fi

[ "$(id -u)" = "0" ] || warn "not root, so PostgreSQL cannot be installed or started here."
command -v apt-get >/dev/null 2>&1 || warn "no apt-get: install PostgreSQL by hand."

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]
then
  say "installing PostgreSQL from the Debian packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null || warn "apt-get update failed."
  apt-get install -y -q postgresql >/dev/null || warn "apt-get install postgresql failed."
fi

VERSION=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1)
[ -n "$VERSION" ] || warn "no PostgreSQL server found under /usr/lib/postgresql."

if [ ! -d "/etc/postgresql/$VERSION/$CLUSTER" ]; then
  say "creating cluster $VERSION/$CLUSTER on port $PORT"
  pg_createcluster --port "$PORT" "$VERSION" "$CLUSTER" >/dev/null \
    || warn "pg_createcluster $VERSION $CLUSTER failed."
fi

CONF=/etc/postgresql/$VERSION/$CLUSTER
CLUSTER_PORT=$(sed -n 's/^[[:space:]]*port[[:space:]]*=[[:space:]]*\([0-9]*\).*/\1/p' \
  "$CONF/postgresql.conf" | tail -n 1)
if [ -n "$CLUSTER_PORT" ] && [ "$CLUSTER_PORT" != "$PORT" ]; then
  warn "cluster $VERSION/$CLUSTER is configured for port $CLUSTER_PORT, not $PORT."
fi

# Trust authentication for postgres over TCP on 127.0.0.1 (and ::1), ahead of the
# packaged rules (the first matching line wins).
HBA=$CONF/pg_hba.conf
if ! grep -q "battlecon-tests" "$HBA" 2>/dev/null; then
  TMP=$(mktemp) || warn "mktemp failed."
  {
    echo "# battlecon-tests: trust for the test suite (scripts/postgres.sh)"
    echo "host    all    postgres    127.0.0.1/32    trust"
    echo "host    all    postgres    ::1/128         trust"
    cat "$HBA"
  } >"$TMP" && cat "$TMP" >"$HBA"
  rm -f "$TMP"
  say "allowed trust authentication for postgres on 127.0.0.1"
fi

say "starting cluster $VERSION/$CLUSTER"
STATUS=$(pg_lsclusters -h 2>/dev/null | awk -v v="$VERSION" -v c="$CLUSTER" \
  '$1 == v && $2 == c {print $4}')
if [ "$STATUS" = "online" ]; then
  pg_ctlcluster "$VERSION" "$CLUSTER" reload >/dev/null 2>&1 || true
else
  pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$CLUSTER" start \
    || warn "pg_ctlcluster $VERSION $CLUSTER start failed (see /var/log/postgresql/)."
fi

for _ in $(seq 1 60); do
  ready && break
  sleep 0.5
done
ready || warn "the server did not come up on $HOST:$PORT."

ensure_database || warn "could not create database $DBNAME."
say "PostgreSQL $VERSION is ready at $HOST:$PORT (user postgres, database $DBNAME)."
exit 0
