#!/usr/bin/env bash
# A real S3 server for tests, CI and trying PHOTO_STORE=s3 locally: Ceph's radosgw on a throwaway one-node cluster
# (one monitor, one OSD with the in-memory object store, radosgw), on 127.0.0.1 only, no systemd, no mgr.
#
#   scripts/s3-server.sh start    start it (or reuse the one already running), create the test user and bucket
#   scripts/s3-server.sh stop     stop it and delete its directory (the objects lived in memory anyway)
#   scripts/s3-server.sh status   exit 0 and say so when it answers, 3 when it does not
#   scripts/s3-server.sh env      print the tests' settings as `export` lines (TEST_S3_*, for eval before npm test)
#   scripts/s3-server.sh app-env  print the app's settings as `export` lines (PHOTO_STORE=s3, S3_*, with
#                                 S3_FORCE_PATH_STYLE=true), for eval before npm start; not in a shell that runs the
#                                 tests (their servers would store photos in the test bucket)
#
# Needs Debian's packages: apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw (and curl).
# Settings (all optional): TIGHTLINES_S3_DIR (default /tmp/tightlines-s3), TIGHTLINES_S3_PORT (the S3 endpoint,
# default 17480), TIGHTLINES_S3_MON_PORT (default 17300). The ports sit below Linux's ephemeral range and away
# from Ceph's defaults (6789, 3300, 7480), so another Ceph on the machine does not collide with this one.
set -euo pipefail

DIR=${TIGHTLINES_S3_DIR:-/tmp/tightlines-s3}
RGW_PORT=${TIGHTLINES_S3_PORT:-17480}
MON_PORT=${TIGHTLINES_S3_MON_PORT:-17300}
ENDPOINT="http://127.0.0.1:$RGW_PORT"
REGION=us-east-1
ACCESS_KEY=TIGHTLINESACCESSKEY
SECRET_KEY=tightlines-secret-key-for-tests
BUCKET=tightlines-test
# The app's own bucket (app-env), so that trying the app never mixes its photos with the tests'.
APP_BUCKET=tightlines-photos
# How long each step may take on a busy two-core machine before we give up and show the logs.
STEP_TIMEOUT_SECONDS=${TIGHTLINES_S3_STEP_TIMEOUT:-120}

export CEPH_CONF="$DIR/ceph.conf"
DAEMONS=(mon osd rgw)

log() { echo "s3-server: $*" >&2; }
elapsed_ms() { echo $(( ($(date +%s%N) - STARTED_NS) / 1000000 )); }

pid_of() { cat "$DIR/run/$1.pid" 2>/dev/null || true; }
is_alive() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}
gateway_answers() { curl -s -o /dev/null --max-time 2 "$ENDPOINT/"; }
port_in_use() { ss -Hltn "sport = :$1" | grep -q .; }

# Polls `condition` (a command) every 0.2 s for up to STEP_TIMEOUT_SECONDS; on failure shows the daemon's log.
wait_for() {
  local what=$1 logfile=$2
  shift 2
  local deadline=$(( $(date +%s) + STEP_TIMEOUT_SECONDS ))
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      log "gave up waiting for $what after ${STEP_TIMEOUT_SECONDS}s; last lines of $logfile:"
      tail -n 30 "$logfile" >&2 || true
      exit 1
    fi
    sleep 0.2
  done
  log "$(elapsed_ms) ms: $what"
}

osd_up() { ceph osd stat 2>/dev/null | grep -q '1 up'; }

# A signed S3 request without a body, with curl's own SigV4 (no AWS CLI needed). curl does not send the payload
# hash S3 wants, so it goes in as a header (curl signs x-amz-* headers): the SHA-256 of nothing.
EMPTY_SHA256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
s3_curl() {
  curl -s --max-time 30 --aws-sigv4 "aws:amz:$REGION:s3" --user "$ACCESS_KEY:$SECRET_KEY" \
    -H "x-amz-content-sha256: $EMPTY_SHA256" "$@"
}

write_config() {
  cat >"$CEPH_CONF" <<CONF
[global]
fsid = $1
mon host = v2:127.0.0.1:$MON_PORT
public addr = 127.0.0.1
# A private throwaway cluster on loopback: no cephx, plain crc framing everywhere (the monitor client too, or the
# OSD and radosgw cannot reach a monitor that has no secure mode to offer).
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc
ms client mode = crc
ms mon service mode = crc
ms service mode = crc
ms cluster mode = crc
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
log file = $DIR/log/\$name.log
# One OSD: one copy of everything, few placement groups, no warnings about either.
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 1
mon data avail crit = 1
osd crush chooseleaf type = 0
[mon.a]
mon data = $DIR/mon.a
[osd.0]
osd data = $DIR/osd.0
osd objectstore = memstore
memstore device bytes = 2147483648
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$RGW_PORT
# Bucket quotas (tests of a full store) take effect at once instead of after the stats cache's 10 minutes.
rgw bucket quota ttl = 0
rgw user quota bucket sync interval = 0
CONF
}

start_gateway() {
  radosgw -n client.rgw.a -f >"$DIR/log/rgw.out" 2>&1 9>&- &
  echo $! >"$DIR/run/rgw.pid"
  wait_for "radosgw answering on $ENDPOINT" "$DIR/log/rgw.out" gateway_answers
}

stop_daemons() {
  # Reverse order: the OSD waits for the monitor to acknowledge its shutdown.
  local name pid
  for name in rgw osd mon; do
    pid=$(pid_of "$name")
    [ -n "$pid" ] || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$DIR/run/$name.pid"
  done
}

create_cluster() {
  stop_daemons
  rm -rf "$DIR"
  mkdir -p "$DIR"/{run,log,mon.a,osd.0}
  local fsid osd_uuid
  fsid=$(cat /proc/sys/kernel/random/uuid)
  write_config "$fsid"
  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$MON_PORT]" "$DIR/monmap" >/dev/null
  ceph-authtool --create-keyring "$DIR/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-mon --mkfs -i a --monmap "$DIR/monmap" --keyring "$DIR/keyring"
  ceph-mon -i a -f >"$DIR/log/mon.out" 2>&1 9>&- &
  echo $! >"$DIR/run/mon.pid"
  wait_for "monitor up" "$DIR/log/mon.out" timeout 5 ceph mon stat

  osd_uuid=$(cat /proc/sys/kernel/random/uuid)
  ceph osd new "$osd_uuid" >/dev/null
  ceph-osd -i 0 --mkfs --osd-uuid "$osd_uuid" >"$DIR/log/osd-mkfs.out" 2>&1
  ceph-osd -i 0 -f >"$DIR/log/osd.out" 2>&1 9>&- &
  echo $! >"$DIR/run/osd.pid"
  wait_for "OSD up (memstore)" "$DIR/log/osd.out" osd_up

  start_gateway
  radosgw-admin user create --uid=tightlines --display-name=Tightlines \
    --access-key="$ACCESS_KEY" --secret-key="$SECRET_KEY" >/dev/null
  log "$(elapsed_ms) ms: user $ACCESS_KEY created"
  # The first bucket takes seconds (radosgw creates its index and data pools): pay that here, not in a test.
  local status
  status=$(s3_curl -o /dev/null -w '%{http_code}' -X PUT "$ENDPOINT/$BUCKET")
  [ "$status" = 200 ] || { log "creating bucket $BUCKET answered HTTP $status"; exit 1; }
  log "$(elapsed_ms) ms: bucket $BUCKET created"
  create_app_bucket
}

# Creating a bucket one already owns answers 200 or 409 BucketAlreadyOwnedByYou: both mean it is there.
create_app_bucket() {
  local status
  status=$(s3_curl -o /dev/null -w '%{http_code}' -X PUT "$ENDPOINT/$APP_BUCKET")
  case "$status" in
    200 | 409) log "$(elapsed_ms) ms: bucket $APP_BUCKET (the app's) is there" ;;
    *) log "creating bucket $APP_BUCKET answered HTTP $status"; exit 1 ;;
  esac
}

print_env() {
  cat <<ENV
export TEST_S3_ENDPOINT=$ENDPOINT
export TEST_S3_REGION=$REGION
export TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY
export TEST_S3_SECRET_ACCESS_KEY=$SECRET_KEY
export TEST_S3_BUCKET=$BUCKET
export TEST_S3_CEPH_CONF=$CEPH_CONF
ENV
}

print_app_env() {
  cat <<ENV
export PHOTO_STORE=s3
export S3_ENDPOINT=$ENDPOINT
export S3_REGION=$REGION
export S3_BUCKET=$APP_BUCKET
export S3_ACCESS_KEY_ID=$ACCESS_KEY
export S3_SECRET_ACCESS_KEY=$SECRET_KEY
export S3_FORCE_PATH_STYLE=true
ENV
}

start() {
  local ours=true name tool
  for tool in ceph-mon ceph-osd radosgw radosgw-admin monmaptool ceph-authtool curl ss; do
    if ! command -v "$tool" >/dev/null; then
      log "$tool is missing: apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw curl iproute2"
      exit 1
    fi
  done
  for name in "${DAEMONS[@]}"; do is_alive "$name" || ours=false; done
  if $ours && gateway_answers; then
    log "already running on $ENDPOINT (reusing it; cluster in $DIR)"
    create_app_bucket
    return
  fi
  if is_alive mon && is_alive osd && osd_up; then
    # The cluster (and the objects in the OSD's memory) is intact; only the gateway died: bring it back.
    log "the cluster in $DIR is up but radosgw is not: starting radosgw again"
    port_in_use "$RGW_PORT" && { log "port $RGW_PORT is taken by another program; refusing to start"; exit 1; }
    start_gateway
    return
  fi
  for port in "$MON_PORT" "$RGW_PORT"; do
    if port_in_use "$port"; then
      log "port $port is taken by another program (another Ceph?); refusing to start a second copy."
      log "Set TIGHTLINES_S3_PORT / TIGHTLINES_S3_MON_PORT to other ports, or stop it."
      exit 1
    fi
  done
  log "starting a one-node Ceph cluster with radosgw in $DIR"
  create_cluster
  log "ready on $ENDPOINT after $(elapsed_ms) ms"
}

status() {
  if is_alive rgw && gateway_answers; then
    log "running on $ENDPOINT (cluster in $DIR)"
    return 0
  fi
  log "not running (no radosgw answering on $ENDPOINT from $DIR)"
  return 3
}

STARTED_NS=$(date +%s%N)
mkdir -p "$(dirname "$DIR")"
# One start or stop at a time: two CI jobs (or two terminals) starting at once must not build two clusters.
# (The daemons are started with fd 9 closed, so the lock ends with this script.)
exec 9>"$DIR.lock"
flock 9

case "${1:-}" in
  start) start ;;
  stop)
    stop_daemons
    rm -rf "$DIR"
    log "stopped"
    ;;
  status) status ;;
  env) print_env ;;
  app-env) print_app_env ;;
  *)
    echo "usage: $0 start|stop|status|env|app-env" >&2
    exit 2
    ;;
esac
