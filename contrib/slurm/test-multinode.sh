#!/usr/bin/env bash
# Runs the Slurm scripts on a real three-node Slurm cluster built on this machine, and
# kills one node while it holds tasks, as a power cut would:
#
# 1. installs slurm-wlm, munge and iproute2 from Debian's packages when missing;
# 2. makes a bridge and four network namespaces on a private subnet (PREFIX.0/24,
#    default 10.213.42.0/24; the bridge has no uplink and the host no address on it,
#    so nothing leaves these namespaces), each with its own UTS
#    namespace and hostname: `ctl` runs slurmctld, `node1`..`node3` run slurmd with 2
#    CPUs each. A munged of its own (own key and socket) authenticates them. All share
#    one directory (binary, units, results, logs) as a cluster's shared file system
#    would; slurm.conf is there too (SLURM_CONF; /etc/slurm is not touched);
# 3. submits through contrib/slurm/submit.sh an exhaustive proof (bishop f1's 4-bit
#    black question as 3 shards: `none`) and startpos perft(8) split at ply 3 as 6
#    shards, each with its dependent merge;
# 4. at a random instant while both arrays run, kills a node that holds a perft task:
#    its link goes down and every process in its namespace (slurmd, slurmstepd, the
#    tasks) gets SIGKILL, nothing cleaned up, half-written results left in place;
# 5. waits for Slurm to mark it DOWN and requeue its tasks (JobRequeue=1,
#    ReturnToService=1), runs both merges by hand before the requeued tasks finish
#    and checks they refuse, naming the missing units and shards;
# 6. once every requeued task runs on a survivor, brings the node back (it returns to
#    service by itself) and checks it runs a job again;
# 7. checks the merged totals, perft(8) = 84,998,978,956 with every unit's result
#    written exactly once, and `none` over every cube; and, from Slurm's view (scontrol
#    and the job completion log), that tasks ran on at least two nodes before the kill
#    and that the requeued ones ran elsewhere;
# 8. stops everything it started, by process id, and removes the namespaces, the
#    bridge and the directory, also on failure or interruption.
#
#   contrib/slurm/test-multinode.sh            # builds target/release/sliders first
#   SLIDERS=/path/to/sliders contrib/slurm/test-multinode.sh
#   KILL=0 contrib/slurm/test-multinode.sh     # the same without the kill (timing)
#
# Environment: PREFIX (the /24, default 10.213.42), SEED (for the random instant and
# node; default random, printed), KILL (default 1), KEEP (keep the directory, for the
# logs). Prints what happened and `passed`; exits non-zero on any failure. About 75 to
# 90 s on a 2-vCPU machine (the arrays take most of it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

if [ "$(id -u)" != 0 ]; then
    echo "test-multinode.sh: needs root (namespaces, bridge, munged, Slurm daemons)" >&2
    exit 2
fi
packages=()
command -v slurmctld >/dev/null && command -v munged >/dev/null || packages+=(slurm-wlm munge)
command -v ip >/dev/null || packages+=(iproute2)
if [ ${#packages[@]} -gt 0 ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${packages[@]}"
fi
if [ -z "${SLIDERS:-}" ]; then
    (cd "$repo" && cargo build --release -p sliders-cli)
    SLIDERS=$repo/target/release/sliders
fi
SLIDERS=$(cd "$(dirname "$SLIDERS")" && pwd)/$(basename "$SLIDERS")
prefix=${PREFIX:-10.213.42}
seed=${SEED:-$((RANDOM * 32768 + RANDOM))}
do_kill=${KILL:-1}
RANDOM=$seed
started=$(date +%s)

# Names carry this shell's id, so that two runs (or another engineer's) never share a
# namespace or an interface; interface names stay within Linux's 15 characters.
tag=sl$(($$ % 100000))
bridge=${tag}br
nodes=(node1 node2 node3)
hosts=(ctl "${nodes[@]}")
declare -A addr=([ctl]=$prefix.10 [node1]=$prefix.11 [node2]=$prefix.12 [node3]=$prefix.13)
declare -A slurmd_pid=()
ns() { echo "$tag-$1"; }
veth() { echo "${tag}v$1"; }

dir=$(mktemp -d /tmp/sliders-multinode.XXXXXX)
chmod 755 "$dir"
pids=()
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    for pid in "${pids[@]}" "${slurmd_pid[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}" "${slurmd_pid[@]}"; do
        # Wait for our own daemons so nothing outlives the test.
        for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    # What is left in our namespaces (slurmstepd, tasks) is ours too: by id, then the
    # namespaces, the links and the bridge.
    for host in "${hosts[@]}"; do
        if [ -e "/run/netns/$(ns "$host")" ]; then
            # shellcheck disable=SC2046 # a list of process ids
            kill -9 $(ip netns pids "$(ns "$host")" 2>/dev/null) 2>/dev/null || true
            ip netns delete "$(ns "$host")" 2>/dev/null || true
        fi
        ip link delete "$(veth "$host")" 2>/dev/null || true
    done
    ip link delete "$bridge" 2>/dev/null || true
    if [ $status -ne 0 ]; then
        echo "--- logs ($dir) ---" >&2
        tail -n 15 "$dir"/slurm/*.log "$dir"/slurm/*.out "$dir"/work/*/logs/* >&2 2>/dev/null || true
    fi
    if [ -n "${KEEP:-}" ]; then echo "kept $dir" >&2; else rm -rf "$dir"; fi
    echo "test-multinode.sh: cleaned up after $(($(date +%s) - started)) s (exit $status)" >&2
    exit $status
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() { echo "test-multinode.sh: FAILED: $*" >&2; exit 1; }
now() { echo $(($(date +%s) - started)); }
# since T0 [T1]: seconds from T0 to T1 (default now), one decimal.
since() { awk -v a="$1" -v b="${2:-$(date +%s.%N)}" 'BEGIN { printf "%.1f", b - a }'; }
say() { echo "[$(now) s] $*"; }
# Runs a command on the controller's host (Slurm's clients, as on a login node).
in_ctl() { nsenter --net="/run/netns/$(ns ctl)" "$@"; }
# wait_for SECONDS WHAT COMMAND...: polls COMMAND every 0.2 s, fails after SECONDS.
wait_for() {
    local limit=$1 what=$2
    shift 2
    local deadline=$(($(date +%s) + limit))
    until "$@"; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "$what: not within $limit s"
        sleep 0.2
    done
}

# --- munge: a daemon of our own, with its own key and socket, so that nothing here
# depends on (or disturbs) a munged someone else started. The key's directory is
# private to the munge user; the socket's must be reachable by everyone.
mkdir -p "$dir/munge/key" "$dir/munge/run"
dd if=/dev/urandom of="$dir/munge/key/munge.key" bs=1024 count=1 status=none
chown -R munge:munge "$dir/munge"
chmod 700 "$dir/munge/key"
chmod 400 "$dir/munge/key/munge.key"
socket=$dir/munge/run/munge.socket
runuser -u munge -- /usr/sbin/munged -F --socket="$socket" \
    --key-file="$dir/munge/key/munge.key" --pid-file="$dir/munge/run/munged.pid" \
    --seed-file="$dir/munge/key/seed" --log-file="$dir/munge/key/munged.log" \
    >"$dir/munge/munged.out" 2>&1 &
pids+=($!)
munge_ok() { munge -S "$socket" -n 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; }
wait_for 10 "munged answering on $socket" munge_ok

# --- the network: a bridge with no address of its own (the host's namespace takes no
# part), one veth pair per host, the host's end inside its namespace.
ip link add "$bridge" type bridge
ip link set "$bridge" up
for host in "${hosts[@]}"; do
    ip netns add "$(ns "$host")"
    ip link add "$(veth "$host")" type veth peer name "$(veth "$host")c"
    ip link set "$(veth "$host")c" netns "$(ns "$host")"
    ip link set "$(veth "$host")" master "$bridge" up
    ip -n "$(ns "$host")" link set lo up
    ip -n "$(ns "$host")" addr add "${addr[$host]}/24" dev "$(veth "$host")c"
    ip -n "$(ns "$host")" link set "$(veth "$host")c" up
done
# Every host resolves the others by name, as on a cluster: this file is mounted over
# /etc/hosts in each host's mount namespace (start_in), the real one is not touched.
{
    echo "127.0.0.1 localhost"
    for host in "${hosts[@]}"; do echo "${addr[$host]} $host"; done
} >"$dir/hosts"
say "network: bridge $bridge, ctl ${addr[ctl]}, ${nodes[*]} ${addr[node1]}..${addr[node3]}"

# --- Slurm. SlurmdTimeout and the credential lifetime are short so that a dead node is
# noticed, and its tasks restart, within seconds rather than Slurm's defaults (300 s
# and 120 s); everything else is what a site would write. Node failure handling:
# JobRequeue=1 (Slurm's default, spelled out): a batch job on a node that fails goes
# back to the queue; ReturnToService=1: a node that was DOWN only for not responding
# comes back by itself when its slurmd registers, one DOWN for another reason waits
# for an administrator. jobcomp/filetxt keeps a line per finished (or requeued) job.
# batch_sched_delay=0 and sched_interval=5 (defaults 3 s and 60 s) start jobs as soon
# as a CPU is free, and a requeued task as soon as it may run again (after the
# credential lifetime, with no other event to wake the scheduler).
mkdir -p "$dir/slurm/state" "$dir/work"
for node in "${nodes[@]}"; do mkdir -p "$dir/slurm/spool/$node"; done
export SLURM_CONF=$dir/slurm/slurm.conf
{
    cat <<CONF
ClusterName=multinode
SlurmctldHost=ctl(${addr[ctl]})
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket,cred_expire=10
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/slurm/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobRequeue=1
ReturnToService=1
SlurmdTimeout=10
MessageTimeout=5
MinJobAge=600
SchedulerParameters=batch_sched_delay=0,sched_interval=5
StateSaveLocation=$dir/slurm/state
SlurmdSpoolDir=$dir/slurm/spool/%n
SlurmctldPidFile=$dir/slurm/slurmctld.pid
SlurmdPidFile=$dir/slurm/slurmd-%n.pid
SlurmctldLogFile=$dir/slurm/slurmctld.log
SlurmdLogFile=$dir/slurm/slurmd-%n.log
CONF
    for node in "${nodes[@]}"; do
        echo "NodeName=$node NodeAddr=${addr[$node]} CPUs=2 RealMemory=1000 State=UNKNOWN"
    done
    echo "PartitionName=all Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
} >"$SLURM_CONF"

# Starts a daemon in HOST's namespaces: its network namespace, a fresh UTS namespace
# whose hostname is HOST (slurmd takes its node name from it) and a mount namespace of
# its own for /etc/hosts. Not `ip netns exec`: it mounts a fresh /sys, without the
# cgroup file systems slurmd insists on finding. nsenter, unshare and sh exec, so $! is
# the daemon itself.
start_in() {
    local host=$1 out=$2
    shift 2
    # shellcheck disable=SC2016 # expanded by that sh, not this one
    nsenter --net="/run/netns/$(ns "$host")" unshare --uts --mount sh -c \
        'mount --bind "$1" /etc/hosts && echo "$0" >/proc/sys/kernel/hostname && shift && exec "$@"' \
        "$host" "$dir/hosts" "$@" >"$out" 2>&1 &
    # Not a job of this shell: the kill of a node is not reported as one.
    disown $!
}
start_in ctl "$dir/slurm/slurmctld.out" slurmctld -D -f "$SLURM_CONF"
pids+=($!)
start_slurmd() {
    start_in "$1" "$dir/slurm/slurmd-$1.out" slurmd -D -f "$SLURM_CONF"
    slurmd_pid[$1]=$!
}
for node in "${nodes[@]}"; do start_slurmd "$node"; done
node_state() { in_ctl sinfo -h -n "$1" -o %T 2>/dev/null || true; }
all_idle() { [ "$(in_ctl sinfo -h -o %T 2>/dev/null | sort -u)" = idle ] && [ "$(in_ctl sinfo -h -o %D 2>/dev/null)" = 3 ]; }
wait_for 60 "three idle nodes (sinfo: $(in_ctl sinfo -h 2>&1 | tr '\n' ' '))" all_idle
say "slurm: $(in_ctl sinfo -h -o '%D nodes %T: %N') (2 CPUs each), controller on ctl"

# --- the arrays, through submit.sh as a user would, run from ctl (the login node).
export SLIDERS THREADS=1 HASH_MB=16
job_ids() { sed -n 's/^array job \([0-9]*\), merge job \([0-9]*\).*/\1 \2/p'; }
proof=$dir/work/prove
# Bishop f1's N-1 black question: no magic (about 13 s of search in all, no solver).
prove_args="bishop f1 --bits 4 --scheme black --exhaust"
# shellcheck disable=SC2086 # a list of arguments
out=$(in_ctl "$here/submit.sh" prove "$proof" 3 $prove_args)
read -r prove_array prove_merge <<<"$(echo "$out" | job_ids)"
perft=$dir/work/perft
out=$(in_ctl "$here/submit.sh" perft "$perft" 8 3 6 2>&1)
read -r perft_array perft_merge <<<"$(echo "$out" | job_ids)"
[ -n "$prove_merge" ] && [ -n "$perft_merge" ] || fail "submit.sh printed no job ids ($out)"
arrays_start=$(date +%s.%N)
say "submitted: prove array $prove_array (3 tasks) + merge $prove_merge, perft(8) array $perft_array (6 tasks) + merge $perft_merge"

# Array tasks running now, `TASK NODE` lines.
running() { in_ctl squeue -h -r -t RUNNING -o '%i %N' 2>/dev/null || true; }
queued() { [ -n "$(in_ctl squeue -h 2>/dev/null)" ]; }
# `TASK STATE NODE START END` for each run of an array task, from the job completion
# log (jobcomp/filetxt): a line per run that ended, NODE_FAIL for one a node took down.
records() {
    sed -n 's/.* JobState=\([A-Z_]*\) .* StartTime=\([^ ]*\) EndTime=\([^ ]*\) NodeList=\([^ ]*\) .* ArrayJobId=\([0-9]*\) ArrayTaskId=\([0-9]*\) .*/\5_\6 \1 \4 \2 \3/p' \
        "$dir/slurm/jobcomp.txt"
}

if [ "$do_kill" = 1 ]; then
    # A random instant 1 to 5 s after both arrays have tasks running, mostly while the
    # proof's tasks still run (on the Zen 3 they took about 25 s and the perft array a
    # minute; on a Zen 5 the proof's tasks take 3 s and the perft array 12 to 15 s, so
    # the 2 to 14 s drawn before could fall after every perft task had finished), and
    # a random node among those counting perft, one that also runs a proof task when
    # there is such a node, so that both arrays lose a task.
    both_running() { running | grep -q "^${prove_array}_" && running | grep -q "^${perft_array}_"; }
    wait_for 60 "both arrays running" both_running
    sleep $((1 + RANDOM % 4)).$((RANDOM % 10))
    now_running=$(running)
    on() { awk -v a="$1_" 'index($1, a) == 1 { print $2 }' <<<"$now_running" | sort -u; }
    mapfile -t candidates < <(comm -12 <(on "$perft_array") <(on "$prove_array"))
    [ ${#candidates[@]} -gt 0 ] || mapfile -t candidates < <(on "$perft_array")
    [ ${#candidates[@]} -gt 0 ] || fail "no perft task running at the instant of the kill"
    victim=${candidates[$((RANDOM % ${#candidates[@]}))]}
    held=$(awk -v n="$victim" '$2 == n { print $1 }' <<<"$now_running" | tr '\n' ' ')
    # The power cut: the wire first (no goodbye to the controller), then SIGKILL to
    # every process in the node's namespace, until none is left.
    ip link set "$(veth "$victim")" down
    kill_time=$(date +%s.%N)
    while victims=$(ip netns pids "$(ns "$victim")") && [ -n "$victims" ]; do
        # shellcheck disable=SC2086 # a list of process ids
        kill -9 $victims 2>/dev/null || true
        sleep 0.05
    done
    unset "slurmd_pid[$victim]"
    say "KILLED $victim at $(since "$arrays_start" "$kill_time") s into the arrays (seed $seed); it held: $held"
    is_down() { case $(node_state "$victim") in down*) true ;; *) false ;; esac; }
    wait_for 60 "Slurm marking $victim down" is_down
    say "Slurm: $victim is $(node_state "$victim") ($(in_ctl scontrol show node "$victim" | sed -n 's/^ *Reason=\(.*\)/\1/p'))"
    # From here on, what the node held is Slurm's word, not our sample from before the
    # kill: the runs the node failure ended, which Slurm requeues.
    failed_there() { records | awk -v n="$victim" '$2 == "NODE_FAIL" && $3 == n { print $1 }' | sort -u | tr '\n' ' '; }
    wait_for 10 "NODE_FAIL records of $victim's tasks" eval '[ -n "$(failed_there)" ]'
    lost=$(failed_there)
    [[ " $lost" == *" ${perft_array}_"* ]] || fail "no perft task ended with $victim: $lost"
    say "Slurm ended with the node (NODE_FAIL) and requeued: $lost"
fi

# Unit ids with a complete result line in the perft results, one a line, sorted.
result_ids() {
    cat "$perft"/results/shard-*.jsonl 2>/dev/null | grep '"nodes"' |
        sed 's/.*"id":\([0-9]*\).*/\1/' | sort -u
}
units=$(sed -n '1s/.*"units":\([0-9]*\).*/\1/p' "$perft/units.jsonl")

if [ "$do_kill" = 1 ]; then
    # The early merges, by hand on the login node, while tasks the dead node held are
    # still waiting to run again: the merge must refuse and name what is missing, never
    # print a total. The unit ids with results before and after it bound what it saw.
    still_queued=""
    for task in $lost; do
        [ -n "$(in_ctl squeue -h -r -j "$task" 2>/dev/null)" ] && still_queued+="$task "
    done
    [ -n "$still_queued" ] || fail "the requeued tasks finished before the early merge could run"
    result_ids >"$dir/ids-before"
    status=0
    in_ctl env UNITS="$perft/units.jsonl" RESULTS_DIR="$perft/results" \
        bash "$here/perft-merge.sbatch" >"$dir/early-perft.out" 2>"$dir/early-perft.err" || status=$?
    result_ids >"$dir/ids-after"
    message=$(grep -o 'missing results for units [^;]*' "$dir/early-perft.err" || true)
    [ "$status" = 1 ] && [ -n "$message" ] && [ ! -e "$perft/results/total.txt" ] ||
        fail "the early perft merge did not refuse (exit $status): $(cat "$dir/early-perft.out" "$dir/early-perft.err")"
    named=$(echo "$message" | sed 's/missing results for units //; s/, \.\.\. (.*//' | tr -d ' ' | tr ',' '\n')
    if [[ $message == *" in all)"* ]]; then
        missing=$(echo "$message" | sed 's/.*(\([0-9]*\) in all).*/\1/')
    else
        missing=$(echo "$named" | wc -l)
    fi
    # Each unit it names had no result when it started, and it misses no more than the
    # units without a result then, no fewer than those still without one after.
    for id in $named; do
        ! grep -qx "$id" "$dir/ids-before" || fail "the early merge named unit $id, which had a result"
    done
    [ "$missing" -le $((units - $(wc -l <"$dir/ids-before"))) ] &&
        [ "$missing" -ge $((units - $(wc -l <"$dir/ids-after"))) ] ||
        fail "the early merge named $missing missing units; $(wc -l <"$dir/ids-before") to $(wc -l <"$dir/ids-after") of $units had results"
    say "early perft merge (requeued $still_queued still queued): refused, exit 1: ${message:0:110}..."
    # Whether the merge had to refuse is decided by a task of the prove array that was
    # waiting to run again (PENDING) both before and after it: that shard's state could
    # not be finished while the merge read it. A task still listed after the merge is not
    # enough: one that finished during the merge stays listed while Slurm completes it
    # (seen on a fast machine: the merge then answered, rightly).
    pending_prove() { in_ctl squeue -h -r -t PENDING -j "$prove_array" 2>/dev/null || true; }
    pending_before=$(pending_prove)
    status=0
    in_ctl env PROVE_ARGS="$prove_args" RESULTS_DIR="$proof/results" \
        bash "$here/prove-merge.sbatch" >"$dir/early-prove.out" 2>"$dir/early-prove.err" || status=$?
    pending_after=$(pending_prove)
    refusal='no answer yet: shards missing\|no prove-\*.json states'
    # A requeued task whose shard had written its last state before its node died (a
    # shard takes 2-3 s since the walk got faster) leaves every state complete: then the
    # merge must answer, from every cube, as below.
    every_cube() {
        [ "$(tail -n 1 "$proof/results/answer.txt")" = none ] &&
            grep -q 'merged: [0-9]* shards, \([0-9]*\) of \1 cubes searched' "$dir/early-prove.out"
    }
    if [ -n "$pending_before" ] && [ -n "$pending_after" ] && [ "$status" = 0 ]; then
        every_cube ||
            fail "the early prove merge answered from less than every cube: $(cat "$dir/early-prove.out")"
        say "early prove merge: the requeued task's shard had finished before its node died; answered $(tail -n 1 "$proof/results/answer.txt") from every cube"
    elif [ -n "$pending_before" ] && [ -n "$pending_after" ]; then
        [ "$status" = 1 ] && [ ! -e "$proof/results/answer.txt" ] && grep -q "$refusal" "$dir/early-prove.err" ||
            fail "the early prove merge did not refuse (exit $status): $(cat "$dir/early-prove.out" "$dir/early-prove.err")"
        say "early prove merge (its array unfinished): refused, exit 1: $(grep -o 'no answer yet.*\|no prove.*' "$dir/early-prove.err" | head -1)"
    elif [ "$status" = 1 ]; then
        grep -q "$refusal" "$dir/early-prove.err" && [ ! -e "$proof/results/answer.txt" ] ||
            fail "the early prove merge failed otherwise than by refusing: $(cat "$dir/early-prove.err")"
        say "early prove merge (a shard running meanwhile): refused, exit 1: $(grep -o 'no answer yet.*\|no prove.*' "$dir/early-prove.err" | head -1)"
    else
        # An answer must come from every cube: the merge says how many it saw.
        every_cube ||
            fail "the early prove merge answered from less than every cube: $(cat "$dir/early-prove.out")"
        say "early prove merge: its array had already finished, answered $(tail -n 1 "$proof/results/answer.txt")"
    fi

    # The requeued tasks run again on the survivors; once each has (or has finished),
    # the dead node is powered back on: link up, a fresh slurmd, no clean-up of its own.
    elsewhere() {
        local task node
        for task in $lost; do
            node=$(in_ctl squeue -h -r -j "$task" -o '%T %N' 2>/dev/null || true)
            case $node in "" | "RUNNING node"*) ;; *) return 1 ;; esac
            [ "$node" != "RUNNING $victim" ] || return 1
        done
    }
    wait_for 120 "the requeued tasks running on the survivors" elsewhere
    where=""
    for task in $lost; do
        state=$(in_ctl squeue -h -r -j "$task" -o '%T on %N' 2>/dev/null || true)
        where+="$task ${state:-done}; "
    done
    say "requeued tasks running again or done: ${where%; }"
    ip link set "$(veth "$victim")" up
    start_slurmd "$victim"
    is_back() { case $(node_state "$victim") in idle | mixed | allocated) true ;; *) false ;; esac; }
    wait_for 60 "$victim returning to service" is_back
    say "$victim powered on again: $(node_state "$victim")"
    # It takes work again: a job that only it may run, which prints its hostname.
    back_job=$(in_ctl sbatch --parsable -w "$victim" -o "$dir/work/back-%j.out" \
        --wrap 'cat /proc/sys/kernel/hostname')
fi

wait_for 240 "every job done (squeue: $(in_ctl squeue -h 2>&1 | head -5 | tr '\n' ' '))" eval '! queued'
arrays_wall=$(since "$arrays_start")
say "all jobs done: the arrays and merges took $arrays_wall s"

# --- the answers.
[ -f "$perft/results/total.txt" ] || fail "the perft merge wrote no total ($(tail -n 5 "$perft"/logs/*merge* 2>&1))"
total=$(cat "$perft/results/total.txt")
[ "$total" = "Nodes searched: 84998978956" ] || fail "perft(8): $total, expected 84998978956"
# Each unit written exactly once, by whichever node ran it: the merge takes one of
# several equal results, so this is checked on the lines themselves.
lines=$(cat "$perft"/results/shard-*.jsonl | grep -c '"nodes"')
distinct=$(result_ids | wc -l)
[ "$lines" = "$units" ] && [ "$distinct" = "$units" ] ||
    fail "$units units, $distinct with results, $lines result lines: some unit was lost or counted twice"
say "perft(8) merged: $total, each of the $units units with exactly one result line"
[ -f "$proof/results/answer.txt" ] || fail "the prove merge wrote no answer ($(tail -n 5 "$proof"/logs/*merge* 2>&1))"
answer=$(cat "$proof/results/answer.txt")
[ "$(tail -n 1 <<<"$answer")" = none ] || fail "bishop f1 black 4 bits: $(tail -n 1 <<<"$answer"), expected none"
cubes=$(sed -n 's/^merged: 3 shards, \([0-9]*\) of \([0-9]*\) cubes searched.*/\1 \2/p' <<<"$answer")
read -r done_cubes all_cubes <<<"$cubes"
[ -n "$done_cubes" ] && [ "$done_cubes" = "$all_cubes" ] || fail "the prove merge did not search every cube: $answer"
say "prove $prove_args merged: $(tr '\n' ' ' <<<"$answer")"

# --- Slurm's view: scontrol (jobs kept MinJobAge=600 s) says every array task
# completed with exit 0, where it ran last and how often it was requeued; the job
# completion log (jobcomp/filetxt) has a record per run of a task, the runs a node
# failure ended (NODE_FAIL) too, with their nodes and times.
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
summary=""
for array in "$perft_array" "$prove_array"; do
    while read -r line; do
        task=$(field ArrayJobId <<<"$line")_$(field ArrayTaskId <<<"$line")
        state=$(field JobState <<<"$line") exit_code=$(field ExitCode <<<"$line")
        [ "$state" = COMPLETED ] && [ "$exit_code" = 0:0 ] || fail "task $task: $state, exit $exit_code"
        summary+="$task:$(field NodeList <<<"$line"):$(field Restarts <<<"$line") "
    done < <(in_ctl scontrol show job -o "$array")
done
ran_on=$(for s in $summary; do echo "${s#*:}" | cut -d: -f1; done | sort | uniq -c | awk '{ printf "%s %s tasks, ", $2, $1 }')
say "where each array task finished (scontrol): ${ran_on%, }"
if [ "$do_kill" = 1 ]; then
    kill_stamp=$(date -d "@${kill_time%.*}" +%Y-%m-%dT%H:%M:%S)
    before_kill=$(records | awk -v k="$kill_stamp" '$4 <= k { print $3 }' | sort -u | tr '\n' ' ')
    [ "$(wc -w <<<"$before_kill")" -ge 2 ] || fail "before the kill tasks ran only on: $before_kill"
    say "before the kill ($kill_stamp), tasks ran on: $before_kill(jobcomp)"
    requeued=""
    for s in $summary; do
        task=${s%%:*} rest=${s#*:}
        node=${rest%%:*} restarts=${rest#*:}
        if [ "$restarts" -gt 0 ]; then
            [ "$node" != "$victim" ] || fail "task $task was requeued and ran on $victim again"
            requeued+="$task "
        fi
    done
    for task in $lost; do
        [[ " $requeued" == *" $task "* ]] ||
            fail "task $task ended with $victim (NODE_FAIL), but Slurm did not requeue it"
    done
    for task in $requeued; do
        runs=$(records | awk -v t="$task" '$1 == t { printf "%s on %s %s..%s; ", $2, $3, substr($4, 12), substr($5, 12) }')
        say "requeued $task: ${runs%; }"
    done
    for task in $lost; do
        case $task in
        "${perft_array}"_*)
            log=$perft/logs/sliders-perft-$task.out
            say "$task resumed on its new node: $(grep -o 'shard [0-9/]*: [0-9]* of [0-9]* units, [0-9]* already in' "$log" | head -1)"
            ;;
        "${prove_array}"_*)
            # Its first progress line: where the state the dead node left says to go on.
            log=$proof/logs/sliders-prove-$task.out
            say "$task resumed on its new node at: $(grep -m 1 -o '^exhaust: [0-9]* of [0-9]* cubes' "$log")"
            ;;
        esac
    done
    wait_for 60 "the job on $victim after its return" eval '[ -s "$dir/work/back-$back_job.out" ]'
    [ "$(cat "$dir/work/back-$back_job.out")" = "$victim" ] || fail "the job for $victim ran on $(cat "$dir/work/back-$back_job.out")"
    say "$victim takes work again: job $back_job ran there ($(in_ctl scontrol show job "$back_job" | grep -o 'JobState=[A-Z]*'))"
fi
echo "passed (seed $seed; arrays $arrays_wall s; whole test $(now) s)"
