#!/usr/bin/env bash
# A private single-node Slurm for tests: munged, slurmctld and slurmd from Debian's packages, with
# every file (key, state, spool, logs, sockets) in one folder and free ports on 127.0.0.1, so it
# touches nothing of the machine's own Slurm or munge and leaves nothing behind.
#
# Usage: private-slurm.sh start DIR   start it in DIR (made, or empty); prints SLURM_CONF=DIR/slurm.conf
#        private-slurm.sh stop DIR    stop every daemon and job of it (DIR is kept, for its logs)
# Clients reach it with SLURM_CONF=DIR/slurm.conf in their environment.
# Exit status of start: 0 up with the node idle; 77 it cannot run here (not installed, not root:
# slurmd starts each job as its owner, which only root may), with the reason; 1 it failed to start
# (the daemons' logs are printed).
set -euo pipefail

verb=${1:-}
dir=${2:-}
if [ -z "$verb" ] || [ -z "$dir" ]; then
  echo "usage: private-slurm.sh start|stop DIR" >&2
  exit 2
fi

stop() {
  local conf=$dir/slurm.conf
  if [ -r "$conf" ]; then
    # Jobs first: slurmstepd outlives slurmd, so a job left running would go on after shutdown.
    SLURM_CONF=$conf scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 60); do
      [ -z "$(SLURM_CONF=$conf squeue --noheader 2>/dev/null)" ] && break
      sleep 0.5
    done
    SLURM_CONF=$conf scontrol shutdown 2>/dev/null || true
  fi
  [ -S "$dir/munge/socket" ] && munged --stop --socket="$dir/munge/socket" 2>/dev/null || true
  # Whatever did not stop when asked (each daemon's pid file, then anything still using the
  # folder, such as a job's slurmstepd) is killed.
  local pid_file pid
  for pid_file in "$dir/slurmctld.pid" "$dir/slurmd.pid" "$dir/munge/munged.pid"; do
    [ -r "$pid_file" ] || continue
    pid=$(cat "$pid_file")
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  pkill -KILL -f -- "$dir/" 2>/dev/null || true
}

if [ "$verb" = stop ]; then
  [ -d "$dir" ] || exit 0
  dir=$(realpath "$dir")
  stop
  exit 0
fi
[ "$verb" = start ] || { echo "private-slurm.sh: unknown verb '$verb' (start or stop)" >&2; exit 2; }

for command in munged mungekey slurmctld slurmd sbatch scontrol sinfo; do
  if ! command -v "$command" >/dev/null; then
    echo "private Slurm: $command is not installed (Debian: slurmctld slurmd slurm-client munge; scripts/install-deps.sh installs them)"
    exit 77
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  echo "private Slurm: needs root (slurmd starts each job as its owner's uid, which only root may); run the test as root, or with sudo"
  exit 77
fi

mkdir -p "$dir"
dir=$(realpath "$dir")
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
mungekey --create --keyfile="$dir/munge/munge.key"
munged --force --socket="$dir/munge/socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"

read -r controller_port node_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')
memory_mb=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
# One node with this machine's cores and 80% of its memory, jobs sharing it by core and memory
# (cons_tres), no cgroups, accounting or MPI: what a single-node Slurm needs and no more.
cat >"$dir/slurm.conf" <<CONF
ClusterName=tinyllm-test
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
NodeName=tinyllm-node NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$memory_mb State=UNKNOWN
PartitionName=grading Nodes=tinyllm-node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf

failed() {
  echo "private Slurm: $1; its logs:"
  tail -n 20 "$dir"/log/*.log
  stop
  exit 1
}
slurmctld -f "$SLURM_CONF" || failed "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N tinyllm-node || failed "slurmd did not start"
for _ in $(seq 60); do
  [ "$(sinfo --noheader --nodes=tinyllm-node --format=%T 2>/dev/null)" = idle ] && break
  sleep 0.5
done
[ "$(sinfo --noheader --nodes=tinyllm-node --format=%T 2>/dev/null)" = idle ] ||
  failed "the node did not become idle in 30 s"
echo "SLURM_CONF=$SLURM_CONF"
