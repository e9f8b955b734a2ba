#!/usr/bin/env bash
# Runs the Slurm scripts on a real single-node Slurm cluster started on this machine:
#
# 1. installs slurm-wlm and munge from Debian's packages when missing (needs root);
# 2. starts munged (unless one runs), slurmctld and slurmd with a minimal slurm.conf in
#    a temporary directory (SLURM_CONF points there; /etc/slurm is not touched);
# 3. submits startpos perft(7) split at ply 3 as an array of 4 tasks plus the merge
#    (contrib/slurm/submit.sh);
# 4. cancels array task 2 while it runs (scancel), cancels the merge (its afterok
#    dependency can no longer be met), resubmits task 2 alone and a new merge;
# 5. checks the merged total is 3,195,901,860 and that the resubmitted task resumed
#    from the results the killed one had written;
# 6. submits a cube-and-conquer proof (bishop d1, 4 bits, 8 cubes) as an array of 3
#    tasks plus the merge, and checks the merged answer is `none` over all 8 cubes with
#    every cube's proof checked (needs CaDiCaL: `apt-get install cadical`);
# 7. submits the dense finder (bishop a1, 5 bits) as 2 independent streams plus the
#    merge, and checks shard 0's magic is the answer; then a question no stream answers
#    in one round (rook a1, 11 bits), whose merge says `unknown` with both summaries;
# 8. stops what it started, by process id, and removes the directory.
#
#   contrib/slurm/test-local.sh            # builds target/release/sliders first
#   SLIDERS=/path/to/sliders contrib/slurm/test-local.sh
#
# Prints `3 passed, 0 failed` on success; exits non-zero on any failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

if [ "$(id -u)" != 0 ]; then
    echo "test-local.sh: needs root (it starts munged, slurmctld and slurmd)" >&2
    exit 2
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y slurm-wlm munge
fi
if [ -z "${SLIDERS:-}" ]; then
    (cd "$repo" && cargo build --release -p sliders-cli)
    SLIDERS=$repo/target/release/sliders
fi
export SLIDERS

dir=$(mktemp -d /tmp/sliders-slurm.XXXXXX)
chmod 755 "$dir"
pids=()
cleanup() {
    local status=$?
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        # Wait for our own daemons so nothing outlives the test.
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    if [ $status -ne 0 ] && [ -d "$dir/logs" ]; then
        echo "--- logs ($dir) ---" >&2
        tail -n 20 "$dir"/logs/* "$dir"/slurm/*.log >&2 2>/dev/null || true
    fi
    rm -rf "$dir"
    exit $status
}
trap cleanup EXIT

fail() { echo "test-local.sh: FAILED: $*" >&2; exit 1; }

# munge: the package made the key; the socket directory is missing without systemd.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    mkdir -p /run/munge && chown munge:munge /run/munge && chmod 0755 /run/munge
    runuser -u munge -- /usr/sbin/munged -F > "$dir/munged.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
    munge -n | unmunge >/dev/null || fail "munged did not start"
fi

host=$(hostname -s)
cpus=$(nproc)
memory=$(( $(free -m | awk '/^Mem:/ { print $2 }') * 9 / 10 ))
mkdir -p "$dir/slurm/state" "$dir/slurm/spool" "$dir/logs"
export SLURM_CONF=$dir/slurm/slurm.conf
# batch_sched_delay=0: Slurm otherwise waits up to 3 s (its default, meant for sites
# that take thousands of submissions a minute) before it schedules a batch job after a
# submission or a task's end; this test's seven jobs lost about 9 s to it.
cat > "$SLURM_CONF" <<CONF
ClusterName=sliderstest
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=600
SchedulerParameters=batch_sched_delay=0
StateSaveLocation=$dir/slurm/state
SlurmdSpoolDir=$dir/slurm/spool
SlurmctldPidFile=$dir/slurm/slurmctld.pid
SlurmdPidFile=$dir/slurm/slurmd.pid
SlurmctldLogFile=$dir/slurm/slurmctld.log
SlurmdLogFile=$dir/slurm/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -f "$SLURM_CONF" > "$dir/slurm/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$dir/slurm/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
    state=$(sinfo -h -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.2
done
[ "$(sinfo -h -o %T)" = idle ] || fail "the node did not come up idle (sinfo: $(sinfo -h -o %T 2>&1))"
echo "slurm: node $host idle ($cpus CPUs)"

# The array runs with the slowest scheme, so that task 2 is still counting when it is
# cancelled; the counts do not depend on the scheme.
export SLIDERS_SCHEME=classical THREADS=1
work=$dir/run
out=$("$here/submit.sh" perft "$work" 7 3 4)
echo "$out"
array=$(echo "$out" | sed -n 's/^array job \([0-9]*\), merge job \([0-9]*\).*/\1/p')
merge=$(echo "$out" | sed -n 's/^array job \([0-9]*\), merge job \([0-9]*\).*/\2/p')
[ -n "$array" ] && [ -n "$merge" ] || fail "submit.sh printed no job ids"

# Wait until task 2 runs and has written some units, then cancel it.
results=$work/results/shard-2.jsonl
for _ in $(seq 600); do
    task_state=$(squeue -h -j "${array}_2" -o %T 2>/dev/null || true)
    if [ "$task_state" = RUNNING ] && [ -s "$results" ]; then break; fi
    sleep 0.1
done
[ "$(squeue -h -j "${array}_2" -o %T 2>/dev/null)" = RUNNING ] || fail "task 2 was not running when it was to be cancelled"
scancel "${array}_2"
scancel "$merge"
for _ in $(seq 100); do [ -z "$(squeue -h -j "${array}_2" 2>/dev/null)" ] && break; sleep 0.1; done
written=$(wc -l < "$results")
total_units=$(sed -n '1p' "$work/units.jsonl" | sed 's/.*"units":\([0-9]*\).*/\1/')
echo "cancelled task 2 after $written of its units (the split has $total_units)"

# Resubmit task 2 alone, and a merge after it and the rest of the first array.
export UNITS=$work/units.jsonl RESULTS_DIR=$work/results SHARDS=4
again=$(sbatch --parsable --export=ALL --array=2 --output="$work/logs/%x-%A_%a.out" "$here/perft-array.sbatch")
merge=$(sbatch --parsable --export=ALL --dependency="afterany:$array,afterok:$again" \
    --output="$work/logs/%x-%j.out" "$here/perft-merge.sbatch")
echo "resubmitted task 2 as job $again, merge job $merge"
for _ in $(seq 1200); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 0.2
done
[ -z "$(squeue -h)" ] || fail "jobs still queued after 4 minutes: $(squeue -h)"

[ -f "$work/results/total.txt" ] || fail "the merge wrote no total (scontrol: $(scontrol show job "$merge" 2>&1 | head -5))"
total=$(cat "$work/results/total.txt")
echo "merged: $total"
[ "$total" = "Nodes searched: 3195901860" ] || fail "expected Nodes searched: 3195901860"
grep -q "$written already in" "$work"/logs/sliders-perft-"${again}"_2.out \
    || fail "the resubmitted task did not resume from the $written units already written"

# Cube and conquer: 8 cubes in 3 shards, then the merge.
proof=$dir/prove
out=$("$here/submit.sh" prove "$proof" 3 bishop d1 --bits 4 --cubes 3)
echo "$out"
for _ in $(seq 600); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 0.2
done
[ -z "$(squeue -h)" ] || fail "prove jobs still queued after 2 minutes: $(squeue -h)"
[ -f "$proof/results/answer.txt" ] || fail "the prove merge wrote no answer ($(cat "$proof"/logs/* 2>&1 | tail -5))"
cat "$proof/results/answer.txt"
[ "$(tail -n 1 "$proof/results/answer.txt")" = none ] || fail "expected none for bishop d1 with 4 bits"
grep -q "8 of 8 cubes answered, [0-9]* proof bytes, 8 cube proofs checked" "$proof/results/answer.txt" \
    || fail "the merge did not account for all 8 cubes with checked proofs"
# The dense finder: two independent streams of one question, then the merge; a
# question no stream answers within its round limit is `unknown`, not a failure.
dense=$dir/dense
out=$("$here/submit.sh" dense "$dense" 2 bishop a1 --bits 5)
echo "$out"
undecided=$dir/dense-unknown
out=$("$here/submit.sh" dense "$undecided" 2 rook a1 --bits 11 --rounds 1 --population 1024 --elite 32)
echo "$out"
for _ in $(seq 600); do
    [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 0.2
done
[ -z "$(squeue -h)" ] || fail "dense jobs still queued after 2 minutes: $(squeue -h)"
[ -f "$dense/results/answer.txt" ] || fail "the dense merge wrote no answer ($(cat "$dense"/logs/* 2>&1 | tail -5))"
cat "$dense/results/answer.txt"
head -n 1 "$dense/results/answer.txt" | grep -q "^found 0x[0-9a-f]\{16\} (bishop a1 5 fancy; .*) (shard 0/2)$" \
    || fail "expected shard 0's magic for bishop a1 with 5 bits"
[ -f "$undecided/results/answer.txt" ] || fail "the second dense merge wrote no answer ($(cat "$undecided"/logs/* 2>&1 | tail -5))"
cat "$undecided/results/answer.txt"
[ "$(head -n 1 "$undecided/results/answer.txt")" = unknown ] || fail "expected unknown for rook a1 with 11 bits in one round"
[ "$(grep -c "^shard [01]/2: " "$undecided/results/answer.txt")" = 2 ] || fail "expected both shards' summaries"
echo "3 passed, 0 failed"
