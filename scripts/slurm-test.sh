#!/usr/bin/env bash
# Starts a one-node Slurm cluster from Debian's packages (munge, slurmctld, slurmd; no systemd,
# the daemons started directly, as root, with their state in a temporary folder), submits
# scripts/slurm/sweep.sbatch as a job array of 4 tasks, merges the shards with
# `GameApp merge-sweeps`, and checks the result is byte-identical to a one-machine sweep.
#   scripts/slurm-test.sh            # uses .build/debug/GameApp
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BIN=${BIN:-$ROOT/.build/debug/GameApp}
fail() { echo "slurm test FAILED: $*" >&2; exit 1; }
[ -x "$BIN" ] || fail "no $BIN (swift build first)"
missing=()
for package in slurmctld slurmd slurm-client munge; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
WORK=$(mktemp -d)
HOST=$(hostname -s)
CONF="$WORK/slurm.conf"
export SLURM_CONF="$CONF"
cleanup() {
  [ -f "$WORK/slurmd.pid" ] && kill "$(cat "$WORK/slurmd.pid")" 2>/dev/null || true
  [ -f "$WORK/slurmctld.pid" ] && kill "$(cat "$WORK/slurmctld.pid")" 2>/dev/null || true
  [ -n "${MUNGE_PID:-}" ] && kill "$MUNGE_PID" 2>/dev/null || true
  sleep 1
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/state" "$WORK/spool" "$WORK/munge" "$WORK/out"
cat >"$CONF" <<CONF
ClusterName=gameapp-test
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$HOST CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
# munge: its own socket and state in the work folder; the packaged key.
munged --force --socket="$WORK/munge/munge.socket" --pid-file="$WORK/munge/munged.pid" \
  --log-file="$WORK/munge/munged.log" --seed-file="$WORK/munge/munged.seed" \
  || fail "munged did not start"
MUNGE_PID=$(cat "$WORK/munge/munged.pid")
slurmctld -f "$CONF" || fail "slurmctld did not start: $(tail -3 "$WORK/slurmctld.log" 2>/dev/null)"
slurmd -f "$CONF" || fail "slurmd did not start: $(tail -3 "$WORK/slurmd.log" 2>/dev/null)"
for _ in $(seq 60); do
  state=$(sinfo -h -N -o %t 2>/dev/null | head -1 || true)
  [ "$state" = idle ] && break
  sleep 1
done
[ "${state:-}" = idle ] || fail "the node never became idle (state '${state:-none}'): $(tail -5 "$WORK/slurmctld.log")"
export PATH="$(dirname "$BIN"):$PATH"
cd "$WORK"
sbatch --wait --array=0-3 --cpus-per-task=1 "$ROOT/scripts/slurm/sweep.sbatch" \
  pong 1...400 600 "$WORK/out" >"$WORK/sbatch.txt" 2>&1 \
  || fail "the job array failed: $(cat "$WORK/sbatch.txt"; tail -5 "$WORK"/gameapp-sweep-*.log 2>/dev/null)"
shards=("$WORK"/out/shard-*.jsonl)
[ ${#shards[@]} -eq 4 ] || fail "expected 4 shards, found ${#shards[@]}"
"$BIN" merge-sweeps "${shards[@]}" >"$WORK/merged.jsonl"
"$BIN" sweep --game pong --seeds 1...400 --ticks 600 --json >"$WORK/whole.jsonl"
cmp -s "$WORK/merged.jsonl" "$WORK/whole.jsonl" \
  || fail "the merged shards differ from the one-machine sweep"
echo "slurm test passed: 4 array tasks on $HOST merged byte-identically ($(wc -l <"$WORK/merged.jsonl") lines)"
