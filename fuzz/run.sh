#!/bin/bash
# Runs the cargo-fuzz targets pinned to one game at a time, each until it has had CPU_SECS
# of processor time (default 600), in chunks of at most 600 s that continue the same corpus,
# so the count holds on a busy machine too. The CPU time and inputs so far are kept in
# fuzz/logs/TARGET-GAME.state, so a run stopped half-way continues where it was; a finished
# target and game (its line in fuzz/runs.log: date, target, game, CPU s, wall s, inputs run,
# result) is skipped.
# Build first: cd fuzz && cargo +nightly fuzz build -s none (debug assertions and overflow
# checks on); seed first: fuzz/seed.sh.
# Usage: fuzz/run.sh [CPU_SECS] ["TARGETS"] ["GAMES"]; instances on different targets (or games)
# may run side by side, one per core.
# The scenarios and manifests targets write output folders, which cardsim syncs to disk before
# swapping them in: on a disk /tmp that makes them wait on the disk half the time, so their
# work folders go to /dev/shm when it is there (a TMPDIR set by the caller wins), in a folder
# per target and game that is removed after each chunk.
set -u
base=${TMPDIR:-}
[ -z "$base" ] && { [ -w /dev/shm ] && base=/dev/shm || base=/tmp; }
cd "$(dirname "$0")"
secs=${1:-600}
chunk=${FUZZ_CHUNK:-600}   # wall seconds a fuzzer process runs before its CPU time is added up
targets=${2:-cards decks scenarios manifests}
games=${3:-tyrant allegiance mission_alliance battalla alpha_omega}
bin=target/x86_64-unknown-linux-gnu/release
mkdir -p logs
touch runs.log
for t in $targets; do
    for g in $games; do
        grep -q " $t $g cpu_s=" runs.log && continue
        state=logs/$t-$g.state
        cpu=0 wall=0 runs=0 result=clean
        [ -f "$state" ] && read -r cpu wall runs < "$state"
        mkdir -p "artifacts/$t-$g"
        while [ "$cpu" -lt "$secs" ]; do
            start=$(date +%s)
            tmp=$base/cardsim-fuzz-run-$t-$g
            mkdir -p "$tmp"
            TMPDIR=$tmp CARDSIM_FUZZ_GAME=$g /usr/bin/time -f '%U %S' -o "logs/$t-$g.time" \
                "$bin/$t" "corpus/$t-$g" -max_total_time=$chunk -print_final_stats=1 \
                -artifact_prefix="artifacts/$t-$g/" > "logs/$t-$g.log" 2>&1
            code=$?
            rm -rf "$tmp"
            wall=$((wall + $(date +%s) - start))
            # The last line: GNU time puts "Command exited with non-zero status N" first.
            cpu=$(tail -n 1 "logs/$t-$g.time" | awk -v c="$cpu" '{ printf "%.0f", c + $1 + $2 }')
            n=$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$t-$g.log")
            runs=$((runs + ${n:-0}))
            echo "$cpu $wall $runs" > "$state"
            if [ "$code" -ne 0 ]; then
                result="exit $code, see fuzz/artifacts/$t-$g and fuzz/logs/$t-$g.log"
                break
            fi
        done
        echo "$(date -u +%FT%TZ) $t $g cpu_s=$cpu wall_s=$wall inputs=$runs $result" | tee -a runs.log
    done
done
