#!/usr/bin/env bash
# A one-node Slurm cluster (munged, slurmctld, slurmd) in a directory of its own, for tests and for
# trying `nhbot bench slurm` on one machine. Root only; no systemd, no cgroups, no /etc/slurm:
# everything (config, state, spool, logs, PIDs) lives in DIR and clients find it by SLURM_CONF.
#
#   tools/slurm/cluster.sh start DIR     start the daemons, wait until the node is idle
#   tools/slurm/cluster.sh stop DIR      stop the daemons started in DIR (by their saved PIDs)
#   tools/slurm/cluster.sh logs DIR      print the daemons' logs
#   tools/slurm/cluster.sh run DIR CMD…  start, run CMD with SLURM_CONF set, print the logs if CMD
#                                        fails, stop (also on failure or interruption); CMD's status
#
# Needs slurm-wlm and munge installed (`make test-slurm` installs them). Ports: SLURM_TEST_PORT
# (slurmctld, default 6817) and the next one (slurmd).
set -euo pipefail

die() { echo "cluster.sh: $*" >&2; exit 2; }
log() { echo "cluster.sh: $*" >&2; }

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# A process counts as stopped when it is gone or a zombie (on some sandboxes nobody reaps them).
alive() {
  local pid=$1 state
  state=$(ps -o stat= -p "$pid" 2>/dev/null | tr -d ' ') || return 1
  [ -n "$state" ] && [ "${state:0:1}" != Z ]
}

# Waits up to $2 seconds (tenths) for the command in $1 to succeed.
wait_for() {
  local what=$1 tenths=$(( $2 * 10 ))
  for _ in $(seq "$tenths"); do
    if eval "$what" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  return 1
}

write_conf() {
  local dir=$1 host cpus port
  host=$(hostname -s)
  cpus=$(nproc)
  port=${SLURM_TEST_PORT:-6817}
  cat > "$dir/slurm.conf" <<EOF
# Written by tools/slurm/cluster.sh: a one-node cluster for tests.
ClusterName=nhbot-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# munged of this directory, not a system one that may hold another key.
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# No systemd and no cgroups here: track tasks by parent PID, no task binding or accounting.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MailProg=/bin/true
ReturnToService=2
# Ended jobs stay visible to \`scontrol show job\` this long (there is no sacct without accounting).
MinJobAge=600
KillWait=10
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  local dir=$1
  [ "$(id -u)" = 0 ] || die "must run as root (munged and slurmd need it)"
  for bin in munged munge unmunge slurmctld slurmd sinfo setpriv; do
    command -v "$bin" >/dev/null || die "$bin not found: apt-get install slurm-wlm munge"
  done
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ ! -e "$dir/pids" ] || die "$dir/pids exists: a cluster may still run there (cluster.sh stop $dir)"
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  : > "$dir/pids"
  # munged refuses a socket directory others may write to; it runs as munge, as it is meant to.
  chown munge:munge "$dir/munge"
  chmod 0755 "$dir" "$dir/munge"
  # setpriv execs munged, so $! is munged itself (not a wrapper) and its PID can be stopped.
  setpriv --reuid=munge --regid=munge --init-groups /usr/sbin/munged -F \
    --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --seed-file="$dir/munge/munged.seed" --log-file="$dir/munge/munged.log" \
    > "$dir/munged.out" 2>&1 &
  echo "munged $!" >> "$dir/pids"
  wait_for "munge -n -S '$dir/munge/munge.socket' | unmunge -S '$dir/munge/munge.socket'" 20 \
    || { logs "$dir"; die "munged did not answer within 20 s"; }

  write_conf "$dir"
  export SLURM_CONF=$dir/slurm.conf
  # -i: ignore state a previous cluster may have left (the state directory is fresh anyway).
  slurmctld -D -i > "$dir/slurmctld.out" 2>&1 &
  echo "slurmctld $!" >> "$dir/pids"
  slurmd -D > "$dir/slurmd.out" 2>&1 &
  echo "slurmd $!" >> "$dir/pids"
  if ! wait_for "sinfo -h -N -o %T | grep -qx idle" 60; then
    log "the node did not become idle within 60 s (sinfo: $(sinfo -h -N -o %T 2>&1 || true))"
    logs "$dir"
    exit 1
  fi
  log "one-node cluster up: export SLURM_CONF=$dir/slurm.conf"
}

stop() {
  local dir=$1 name pid
  [ -f "$dir/pids" ] || { log "nothing to stop in $dir (no pids file)"; return 0; }
  # Reverse order: slurmd, slurmctld, then munged (the others authenticate through it).
  tac "$dir/pids" | while read -r name pid; do
    if alive "$pid"; then kill -TERM "$pid" 2>/dev/null || true; fi
    if ! wait_for "! alive $pid" 15; then
      log "$name ($pid) ignored SIGTERM for 15 s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      wait_for "! alive $pid" 5 || log "$name ($pid) is still alive"
    fi
  done
  local left=0
  while read -r name pid; do
    if alive "$pid"; then log "$name ($pid) still runs"; left=1; fi
  done < "$dir/pids"
  [ "$left" = 0 ] || exit 1
  rm -f "$dir/pids"
  log "stopped the cluster in $dir"
}

logs() {
  local dir=$1 f
  for f in munged.out munge/munged.log slurmctld.out slurmctld.log slurmd.out slurmd.log; do
    [ -s "$dir/$f" ] || continue
    echo "===== $dir/$f (last 60 lines)" >&2
    tail -n 60 "$dir/$f" >&2
  done
}

run() {
  local dir=$1; shift
  [ $# -gt 0 ] || usage
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  # The daemons are stopped however this ends: success, failure, Ctrl-C or SIGTERM.
  trap 'stop "$dir"' EXIT
  trap 'exit 130' INT TERM
  start "$dir"
  local status=0
  SLURM_CONF=$dir/slurm.conf "$@" || status=$?
  if [ "$status" != 0 ]; then
    log "'$*' failed (status $status): the cluster's logs follow"
    logs "$dir"
  fi
  return "$status"
}

[ $# -ge 2 ] || usage
cmd=$1 dir=$2
shift 2
case $cmd in
  start) start "$dir" ;;
  stop) stop "$dir" ;;
  logs) logs "$dir" ;;
  run) run "$dir" "$@" ;;
  *) usage ;;
esac
