#!/usr/bin/env bash
# Make sure PostgreSQL and Redis are running on 127.0.0.1 for the tests and for
# services mode. Idempotent: does nothing when both already answer. On a bare
# Debian machine, run as root, it installs them from Debian's packages first.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=5432
REDIS_PORT=6379

log() { printf '[services] %s\n' "$*"; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for_port() {
  local port=$1 name=$2
  for _ in $(seq 1 60); do
    if port_open "$port"; then return 0; fi
    sleep 0.5
  done
  log "$name did not start listening on port $port"
  return 1
}

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

apt_updated=false
apt_install() {
  if ! can_install; then
    log "cannot install $* (need root and apt-get); install it yourself and run again"
    exit 1
  fi
  if [ "$apt_updated" = false ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=true
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_postgres() {
  if port_open "$PG_PORT"; then
    log "PostgreSQL is up on $PG_HOST:$PG_PORT"
    return
  fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  if [ ! -d "/etc/postgresql/$version/main" ]; then
    pg_createcluster "$version" main >/dev/null
  fi
  local conf="/etc/postgresql/$version/main"
  # Tests connect as postgres over TCP without a password (trust, loopback only).
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$conf/pg_hba.conf"
  fi
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  wait_for_port "$PG_PORT" PostgreSQL
  log "PostgreSQL is up on $PG_HOST:$PG_PORT"
}

ensure_redis() {
  if port_open "$REDIS_PORT"; then
    log "Redis is up on 127.0.0.1:$REDIS_PORT"
    return
  fi
  if ! command -v redis-server >/dev/null 2>&1; then
    apt_install redis-server
  fi
  log "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no
  wait_for_port "$REDIS_PORT" Redis
  log "Redis is up on 127.0.0.1:$REDIS_PORT"
}

ensure_postgres
ensure_redis
